export type PublicBudgetRow = {
  label: string;
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
    inApp?: false;
    budget: number;
    load: (...args: never[]) => unknown;
    texts: (...args: never[]) => unknown;
  }[],
): PublicBudgetRow[];
