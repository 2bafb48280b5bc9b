export type PublicBudgetRow = {
  label: string;
  /** A path a browser can open: the route's with each parameter filled by a value it accepts. */
  path: string;
  name: string;
  start: string;
  modules: string[];
  budget: number;
};
export function lazyModules(fn: (...args: never[]) => unknown): string[];
export function publicPagesOf(
  publicRoutes: readonly {
    name: string;
    path: string;
    params?: Record<string, RegExp>;
    inApp?: false;
    budget: number;
    load: (...args: never[]) => unknown;
    texts: (...args: never[]) => unknown;
  }[],
): PublicBudgetRow[];
export const SNIPPET: { file: string; gzip: number };
export function snippetBudget(gzipBytes: number | null): { line: string; failure: string | null };
