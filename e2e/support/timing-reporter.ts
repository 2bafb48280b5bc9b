import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/*
 * Prints, after every run, the 15 slowest tests and each spec file's summed test time, so a spec
 * that grows slow is visible in every CI log (docs/testing.md, «Time budgets»). Summed time is what
 * the workers spend: with two workers the wall time is about half of it.
 */

const SLOWEST = 15;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class TimingReporter implements Reporter {
  private readonly durations: { file: string; title: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    this.durations.push({
      file: path.basename(test.location.file),
      title: test.titlePath().slice(3).join(' › '),
      ms: result.duration,
    });
  }

  onEnd(result: FullResult) {
    if (this.durations.length === 0) return;
    const total = this.durations.reduce((sum, entry) => sum + entry.ms, 0);
    const slowest = [...this.durations].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
    const perFile = new Map<string, { ms: number; tests: number }>();
    for (const entry of this.durations) {
      const file = perFile.get(entry.file) ?? { ms: 0, tests: 0 };
      perFile.set(entry.file, { ms: file.ms + entry.ms, tests: file.tests + 1 });
    }
    const lines = [
      '',
      `Slowest ${slowest.length} tests (of ${this.durations.length}; ${seconds(total)} of test time in ${seconds(result.duration)} wall):`,
      ...slowest.map((entry) => `  ${seconds(entry.ms).padStart(7)}  ${entry.file} › ${entry.title}`),
      '',
      'Test time per spec file:',
      ...[...perFile]
        .sort(([, a], [, b]) => b.ms - a.ms)
        .map(
          ([file, { ms, tests }]) =>
            `  ${seconds(ms).padStart(7)}  ${String(Math.round((100 * ms) / total)).padStart(3)} %  ${file} (${tests})`,
        ),
    ];
    console.log(lines.join('\n'));
  }

  printsToStdio() {
    return false;
  }
}
