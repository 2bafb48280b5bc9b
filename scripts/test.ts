/**
 * `npm test` — every step CI runs, in order, stopping at the first that fails, then a table of each
 * step's wall time against its budget in docs/testing.md («Time budgets»). A step over its budget is a
 * warning in the table, not a failure: time depends on the machine, so it is shown in every CI log
 * instead of being asserted.
 *
 *   npm test                    every step
 *   npm test -- unit e2e        some steps only (by the names in the table)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatStepTable, parseTimeBudgets, type StepResult } from './lib/step-times.ts';

/** Step name (as docs/testing.md names it) → the npm script it runs. */
const STEPS: [name: string, script: string][] = [
  ['setup', 'setup'],
  ['lint', 'lint'],
  ['typecheck', 'typecheck'],
  ['unit', 'test:unit'],
  ['platform', 'test:platform'],
  ['integration', 'test:integration'],
  ['functions', 'test:functions'],
  ['db', 'test:db'],
  ['advisors', 'db:advisors'],
  ['build', 'build'],
  ['budget', 'budget'],
  ['e2e', 'test:e2e'],
];

const BUDGETS_FILE = path.join('docs', 'testing.md');

function runScript(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !STEPS.some(([step]) => step === name));
if (unknown.length > 0) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${STEPS.map(([name]) => name).join(', ')}`);
  process.exit(2);
}
const steps = requested.length > 0 ? STEPS.filter(([name]) => requested.includes(name)) : STEPS;
const budgets = parseTimeBudgets(readFileSync(BUDGETS_FILE, 'utf8'));

const results: StepResult[] = [];
let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true;
});

const startedAll = performance.now();
for (const [name, script] of steps) {
  console.log(`\n▶ ${name} (npm run ${script})\n`);
  const started = performance.now();
  const code = await runScript(script);
  results.push({ name, seconds: (performance.now() - started) / 1000, ok: code === 0 });
  if (code !== 0 || interrupted) break;
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
