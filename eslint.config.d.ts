import type { Linter } from 'eslint';

/** The flat config, typed for scripts/lint-rules.test.ts, which runs its template rules on fixtures. */
declare const config: Linter.Config[];
export default config;
