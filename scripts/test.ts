/**
 * `npm test` — every step CI runs, in order (a few side by side, see STAGES), stopping at the first
 * that fails, then a table of each step's wall time against its budget in docs/testing.md («Time
 * budgets»). A step over its budget is a warning in the table, not a failure: time depends on the
 * machine, so it is shown in every CI log instead of being asserted.
 *
 *   npm test                    every step
 *   npm test -- unit e2e        some steps only (by the names in the table)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatStepTable, parseTimeBudgets, type StepResult } from './lib/step-times.ts';

type Step = [name: string, script: string];

/**
 * The steps (named as docs/testing.md names them → the npm script each runs), in stages: a stage's
 * steps run side by side when each keeps at most one of the two cores busy, and their output is
 * printed as each finishes.
 */
const STAGES: Step[][] = [
  [['setup', 'setup']],
  // ESLint runs on one core (Prettier and the checks on the other for a while); tsc on one.
  [
    ['lint', 'lint'],
    ['typecheck', 'typecheck'],
  ],
  [['unit', 'test:unit']],
  [['platform', 'test:platform']],
  [['integration', 'test:integration']],
  // Deno, a throwaway PostgreSQL with pg_prove, and the advisors' one: each mostly on one core.
  [
    ['functions', 'test:functions'],
    ['db', 'test:db'],
    ['advisors', 'db:advisors'],
  ],
  [['build', 'build']],
  [['budget', 'budget']],
  [['e2e', 'test:e2e']],
];
const STEPS = STAGES.flat();

const BUDGETS_FILE = path.join('docs', 'testing.md');

/** Runs `npm run <script>`; with `buffered`, its output is collected and printed when it ends. */
function runScript(script: string, buffered: boolean): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const done = (code: number) => {
      if (buffered) process.stdout.write(`\n▶ ${script} finished:\n${Buffer.concat(output).toString()}`);
      resolve(code);
    };
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(1));
  });
}

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !STEPS.some(([step]) => step === name));
if (unknown.length > 0) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${STEPS.map(([name]) => name).join(', ')}`);
  process.exit(2);
}
const stages = STAGES.map((stage) =>
  requested.length > 0 ? stage.filter(([name]) => requested.includes(name)) : stage,
).filter((stage) => stage.length > 0);
const budgets = parseTimeBudgets(readFileSync(BUDGETS_FILE, 'utf8'));

const results: StepResult[] = [];
let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true;
});

const startedAll = performance.now();
for (const stage of stages) {
  const together = stage.length > 1;
  console.log(`\n▶ ${stage.map(([name, script]) => `${name} (npm run ${script})`).join(' beside ')}\n`);
  const finished = await Promise.all(
    stage.map(async ([name, script]) => {
      const started = performance.now();
      const code = await runScript(script, together);
      return { name, seconds: (performance.now() - started) / 1000, ok: code === 0 };
    }),
  );
  results.push(...finished);
  if (finished.some((result) => !result.ok) || interrupted) break;
}
const totalSeconds = (performance.now() - startedAll) / 1000;

const { table, overBudget } = formatStepTable(results, budgets, totalSeconds);
console.log(`\nStep times (budgets: ${BUDGETS_FILE}, «Time budgets»)\n${table}`);
for (const line of overBudget) console.warn(`warning: ${line}`);

const failed = results.find((result) => !result.ok);
if (failed) {
  console.error(`\nnpm test failed at «${failed.name}».`);
  process.exit(1);
}
