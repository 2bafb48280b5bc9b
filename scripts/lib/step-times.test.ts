import { readFileSync } from 'node:fs';
import { formatStepTable, parseDuration, parseTimeBudgets } from './step-times.ts';

describe('parseDuration', () => {
  it('reads seconds and minutes', () => {
    expect(parseDuration('90 s')).toBe(90);
    expect(parseDuration('6 min')).toBe(360);
    expect(parseDuration(' 1.5 min ')).toBe(90);
  });

  it('ignores what is not a duration', () => {
    expect(parseDuration('—')).toBeUndefined();
    expect(parseDuration('six minutes')).toBeUndefined();
  });
});

describe('parseTimeBudgets', () => {
  const markdown = [
    '# Testing',
    '| not | this | table |',
    '## Time budgets',
    'Some words.',
    '',
    '| step | budget | what |',
    '|---|---|---|',
    '| `lint` | 60 s | ESLint |',
    '| e2e | 6 min | Playwright |',
    '| total | 15 min | |',
    '',
    '| other | 1 s |',
    '## Next',
  ].join('\n');

  it('reads the first table under the heading, steps to seconds', () => {
    expect([...parseTimeBudgets(markdown)]).toEqual([
      ['lint', 60],
      ['e2e', 360],
      ['total', 900],
    ]);
  });

  it('is empty without the heading', () => {
    expect(parseTimeBudgets('# Testing\n| lint | 60 s |').size).toBe(0);
  });

  it('finds a budget for every step of npm test in docs/testing.md', () => {
    const budgets = parseTimeBudgets(readFileSync('docs/testing.md', 'utf8'));
    const script = readFileSync('scripts/test.ts', 'utf8');
    const steps = [...script.matchAll(/\['([a-z0-9]+)', '[^']+'\]/g)].map((match) => match[1]);
    expect(steps.length).toBeGreaterThan(5);
    for (const step of [...steps, 'total']) expect(budgets.has(step ?? ''), step).toBe(true);
  });
});

describe('formatStepTable', () => {
  const budgets = new Map([
    ['lint', 60],
    ['e2e', 360],
    ['total', 600],
  ]);

  it('shows every step with its budget and share, and warns about the ones over budget', () => {
    const { table, overBudget } = formatStepTable(
      [
        { name: 'lint', seconds: 30, ok: true },
        { name: 'e2e', seconds: 400, ok: true },
        { name: 'budget', seconds: 2, ok: true },
      ],
      budgets,
      432,
    );
    const rows = table.split('\n');
    expect(rows[0]).toMatch(/^step\s+time\s+budget\s+share$/);
    expect(rows[1]).toMatch(/^lint\s+30\.0 s\s+1 min 0 s\s+7 %\s+ok$/);
    expect(rows[2]).toMatch(/^e2e\s+6 min 40 s\s+6 min 0 s\s+93 %\s+OVER BUDGET$/);
    expect(rows[3]).toMatch(/^budget\s+2\.0 s\s+—\s+0 %\s+ok$/);
    expect(rows[4]).toMatch(/^total\s+7 min 12 s\s+10 min 0 s\s+100 %$/);
    expect(overBudget).toEqual(['e2e took 6 min 40 s, over its 6 min 0 s']);
  });

  it('marks a failed step and the whole run over budget', () => {
    const { table, overBudget } = formatStepTable([{ name: 'lint', seconds: 5, ok: false }], budgets, 700);
    expect(table).toMatch(/lint\s+5\.0 s\s+1 min 0 s\s+1 %\s+FAILED/);
    expect(table).toMatch(/total\s+11 min 40 s\s+10 min 0 s\s+100 %\s+OVER BUDGET/);
    expect(overBudget).toEqual(['the whole run took 11 min 40 s, over its 10 min 0 s']);
  });
});
