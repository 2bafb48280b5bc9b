/**
 * The public entry's side of scripts/budget.mjs, apart so a test can build it from a registry: which
 * modules each page of src/app/public-routes.ts needs, and its budget.
 */
const KiB = 1024;

/** The `/src/…` modules a function imports lazily, read from its source as Vite's SSR writes it. */
export const lazyModules = (fn) =>
  [...fn.toString().matchAll(/import__\(["'](\/src\/[^"'?]+)[^"']*["']\)/g)].map((match) =>
    match[1].slice(1),
  );

/** Values a route parameter may take, tried in order: an id, then a door's day. */
const SAMPLE_PARAMS = ['00000000-0000-4000-8000-000000000000', '1'];

/** A path a browser can open for `route`: each parameter filled with a value its pattern accepts. */
const samplePath = (route) =>
  route.path.replace(/:(\w+)/g, (_, name) =>
    SAMPLE_PARAMS.find((value) => !route.params?.[name] || route.params[name].test(value)),
  );

/**
 * The budget rows of the registry's pages: the public start module, the page's module and the modules
 * its texts load (both languages, so the figure is an upper bound), against the page's own budget.
 */
export function publicPagesOf(publicRoutes) {
  return publicRoutes.map((route) => ({
    label: route.inApp === false ? `${route.path} (visitor)` : route.path,
    path: samplePath(route),
    name: route.name,
    start: 'src/app/start-public.tsx',
    modules: [...lazyModules(route.load), ...lazyModules(route.texts)],
    budget: route.budget * KiB,
  }));
}

/** The popups' site snippet (docs/popups.md): one script on customers' sites, built apart from the app. */
export const SNIPPET = { file: 'embed/popups.js', gzip: 15 * KiB };

/** The snippet's line of the budget: its gzip size, and a failure when over 15 KiB or missing. */
export function snippetBudget(gzipBytes) {
  if (gzipBytes === null)
    return { line: `${SNIPPET.file}: missing`, failure: `${SNIPPET.file} was not built` };
  const size = `${(gzipBytes / KiB).toFixed(1)} KiB`;
  const line = `Popup snippet ${SNIPPET.file} (gzip -9, ≤ ${SNIPPET.gzip / KiB} KiB): ${size}`;
  return { line, failure: gzipBytes > SNIPPET.gzip ? `${SNIPPET.file} is ${size} gzip (≤ 15 KiB)` : null };
}
