/**
 * The step-time table `npm test` prints at the end, and the budgets it compares against: the rows of
 * the «Time budgets» table in docs/testing.md (`| step | budget | … |`, budgets like `6 min` or `90 s`),
 * so the budget a newcomer reads is the one the script checks.
 */

export interface StepResult {
  name: string;
  seconds: number;
  ok: boolean;
}

export type TimeBudgets = Map<string, number>;

const BUDGET_HEADING = /^#+\s+Time budgets\s*$/;

/** `90 s`, `2 min`, `1.5 min` → seconds; anything else → undefined. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(s|min)$/.exec(text.trim());
  if (!match) return undefined;
  const value = Number(match[1]);
  return match[2] === 'min' ? value * 60 : value;
}

/** The budgets of the first markdown table under the «Time budgets» heading: step (column 1) → seconds (column 2). */
export function parseTimeBudgets(markdown: string): TimeBudgets {
  const budgets: TimeBudgets = new Map();
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => BUDGET_HEADING.test(line));
  if (start === -1) return budgets;
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    if (!line.trim().startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    const cells = line.split('|').map((cell) => cell.trim().replace(/`/g, ''));
    const [step, budget] = [cells[1] ?? '', cells[2] ?? ''];
    const seconds = parseDuration(budget);
    if (step && seconds !== undefined) budgets.set(step, seconds);
  }
  return budgets;
}

const formatSeconds = (seconds: number) =>
  seconds >= 60 ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s` : `${seconds.toFixed(1)} s`;

/** A fixed-width table of every step (time, budget, share of the total) and one line per step over budget. */
export function formatStepTable(results: StepResult[], budgets: TimeBudgets, totalSeconds: number) {
  const overBudget: string[] = [];
  const rows = results.map((result) => {
    const budget = budgets.get(result.name);
    const over = budget !== undefined && result.seconds > budget;
    if (over)
      overBudget.push(
        `${result.name} took ${formatSeconds(result.seconds)}, over its ${formatSeconds(budget)}`,
      );
    const status = !result.ok ? 'FAILED' : over ? 'OVER BUDGET' : 'ok';
    return [
      result.name,
      formatSeconds(result.seconds),
      budget === undefined ? '—' : formatSeconds(budget),
      `${Math.round((100 * result.seconds) / Math.max(totalSeconds, 0.001))} %`,
      status,
    ];
  });
  const total = budgets.get('total');
  if (total !== undefined && totalSeconds > total)
    overBudget.push(`the whole run took ${formatSeconds(totalSeconds)}, over its ${formatSeconds(total)}`);
  rows.push([
    'total',
    formatSeconds(totalSeconds),
    total === undefined ? '—' : formatSeconds(total),
    '100 %',
    total !== undefined && totalSeconds > total ? 'OVER BUDGET' : '',
  ]);
  const header = ['step', 'time', 'budget', 'share', ''];
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 1 || column === 2 || column === 3
          ? cell.padStart(widths[column] ?? 0)
          : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const table = [line(header), ...rows.map(line)].join('\n');
  return { table, overBudget };
}
