import type { Plugin, Rolldown } from 'vite';

/**
 * Shorter preload lists. For each `import()` Vite writes the files to preload with it into the
 * importing chunk: the signed-in app's start-up (which imports every screen) names ~190 files, ~3 KiB
 * of the sign-in page's download. A file the importing chunk already imports statically is loaded
 * before the `import()` can run, so preloading it again does nothing: this leaves those out (the
 * libraries, the start-up's own chunks). It reads the chunk graph in `generateBundle`, before Vite's
 * import analysis asks `resolveDependencies` (vite.config.ts).
 */
export function preloadLists() {
  const loadedWith = new Map<string, Set<string>>();

  function closure(bundle: Rolldown.OutputBundle, fileName: string, found = new Set<string>()) {
    const chunk = bundle[fileName];
    if (found.has(fileName) || chunk?.type !== 'chunk') return found;
    found.add(fileName);
    for (const imported of chunk.imports) closure(bundle, imported, found);
    return found;
  }

  const plugin: Plugin = {
    name: 'leadtorget:preload-lists',
    apply: 'build',
    generateBundle(_options, bundle) {
      loadedWith.clear();
      for (const fileName of Object.keys(bundle)) {
        if (bundle[fileName]?.type === 'chunk') loadedWith.set(fileName, closure(bundle, fileName));
      }
    },
  };

  /** `build.modulePreload.resolveDependencies`: the deps the importing chunk has not loaded already. */
  const resolveDependencies = (
    _fileName: string,
    deps: string[],
    context: { hostId: string; hostType: 'html' | 'js' },
  ) => {
    if (context.hostType !== 'js') return deps;
    const loaded = loadedWith.get(context.hostId);
    return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
  };

  return { plugin, resolveDependencies };
}
