import { resolve } from 'node:path';
import type { Rolldown } from 'vite';
import { SIGN_IN_MODULES } from './sign-in-path.ts';

type ChunkingContext = Rolldown.ChunkingContext;
type CodeSplittingGroup = Rolldown.CodeSplittingGroup;

/**
 * Chunks for the sign-in page's download path. Left to itself the bundler gives every module that
 * two lazy parts share a file of its own, so the signed-in app's start-up came as ~17 files and the
 * sign-in screen as ~10 more, most under 1 KiB: on a slow mobile link (six connections, 150 ms a
 * round trip) each file costs a round trip, more than its bytes. These groups merge:
 *
 * - `start-app`: our own modules the signed-in app's start-up imports statically. They all load
 *   with it anyway, so one file costs no page a byte more.
 * - `sign-in`: the rest of what the sign-in screen imports statically (the auth feature's
 *   components, the form fields). Other screens that use the form fields load this file too: a few
 *   KiB once, after the app has started.
 * - `account`: the account domain's operations (src/lib/account/api/, one small module each) that the
 *   guard chain loads with import() before every signed-in page. Screens that use one of them load
 *   this file too, which the guard has already fetched.
 *
 * Libraries keep their own groups (vite.config.ts), and a module that the embeddable pages or the
 * public door can reach stays out of both groups, so those lean pages never load them.
 */
const { entry: ENTRY, startUp: START_APP, screen: SIGN_IN_SCREEN } = SIGN_IN_MODULES;
const GUARD_ACCOUNT_OPERATIONS = 'src/app/guards/account-operations.ts';
const ACCOUNT_API = 'src/lib/account/api';

/** Every module reachable from `start` through static imports (and dynamic ones when asked), not past `stops`. */
function reachable(graph: ChunkingContext, start: string, withDynamic: boolean, stops = new Set<string>()) {
  const found = new Set<string>();
  const pending = [start];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id) || stops.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    found.add(id);
    pending.push(...info.importedIds);
    if (withDynamic) pending.push(...info.dynamicallyImportedIds);
  }
  return found;
}

export function startPathChunkGroups(root: string): CodeSplittingGroup[] {
  const id = (path: string) => resolve(root, path);
  // Worked out once per chunking pass: the pass hands out the same module info objects throughout
  // (a worker's bundle is a pass without the entry, and gets no groups).
  const passes = new WeakMap<object, Map<string, string>>();

  function chunkOf(module: string, graph: ChunkingContext) {
    const entryInfo = graph.getModuleInfo(id(ENTRY));
    if (!entryInfo) return undefined;
    let assigned = passes.get(entryInfo);
    if (!assigned) {
      assigned = assign(graph);
      passes.set(entryInfo, assigned);
    }
    return assigned.get(module);
  }

  function assign(graph: ChunkingContext) {
    // The entry and all a page can load without starting the signed-in app (embeddable pages, the
    // public door): closed under static imports, so no module of the groups is needed there.
    const lean = reachable(graph, id(ENTRY), true, new Set([id(START_APP)]));
    const startApp = reachable(graph, id(START_APP), false);
    const signIn = reachable(graph, id(SIGN_IN_SCREEN), false);
    // A module loaded with import() keeps its own chunk: the build manifest names it (scripts/budget.mjs
    // reads it) and its importers load it by that name.
    const ours = (module: string) =>
      !module.includes('node_modules') &&
      !lean.has(module) &&
      !graph.getModuleInfo(module)?.dynamicImporters.length;
    const assigned = new Map<string, string>();
    for (const module of startApp) if (ours(module)) assigned.set(module, 'start-app');
    for (const module of signIn) if (ours(module) && !startApp.has(module)) assigned.set(module, 'sign-in');
    for (const module of reachable(graph, id(GUARD_ACCOUNT_OPERATIONS), false)) {
      if (ours(module) && !assigned.has(module) && module.startsWith(id(ACCOUNT_API)))
        assigned.set(module, 'account');
    }
    return assigned;
  }

  const group = (name: string): CodeSplittingGroup => ({
    debugName: name,
    // Only the modules assigned above: pulling in their dependencies too would move the entry's and
    // the lean pages' modules here. No cycle follows, as those sets are closed under static imports.
    includeDependenciesRecursively: false,
    name: (module, graph) => (chunkOf(module, graph) === name ? name : null),
    test: (module) => !module.includes('node_modules'),
  });

  return [group('start-app'), group('sign-in'), group('account')];
}
