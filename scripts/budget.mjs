#!/usr/bin/env node
/**
 * Size budgets (docs/performance.md), read from the Vite build: for every route of the signed-in app,
 * the gzip -9 size of all JS needed to render it (entry + its static imports + the app's start-up +
 * layout + route module, each with its static imports), and for every page of the public entry
 * (src/app/public-routes.ts: entry + src/app/start-public.tsx + the page + its texts, against the
 * page's own budget). Prints a table; exits 1 when a budget is exceeded. Run after `npm run build`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createServer } from 'vite';
import { measureInBrowser } from './budget-browser.mjs';
import { lazyModules, publicPagesOf, SNIPPET, snippetBudget } from './public-budget.mjs';

const KiB = 1024;
export const BUDGETS = {
  // The sign-in page is what a new visitor loads first: its gate is 170 KiB (just under it today). The
  // entry and the app's start-up list every lazy page's files for preloading, so each public page's
  // new module costs it a few bytes without loading anything more: keep a public page's texts out of
  // src/locales (whose every file the start-up lists) and its modules few.
  entryRoute: { path: '/auth', gzip: 170 * KiB, target: 160 * KiB },
  lazyChunkGzip: 60 * KiB,
  // A signed-in route's own JS (route module and its static imports) beyond the app shell (entry,
  // start-up, screens module, layout), by route name. Lazy chunks it loads later (charts, the Excel
  // writer) are held to lazyChunkGzip instead.
  routeOwn: { 'lifetime-value': 60 * KiB },
  chunkMinified: 500 * 1000,
  // The video renditions worker (src/lib/media/video/renditions.worker.ts) carries Mediabunny's MP4 and
  // WebM demuxers and muxers and its conversion pipeline: 111 KiB gzip today, with only the video
  // containers the library accepts. It loads only when a video is processed, in a worker, never with a
  // route, so it has its own budget instead of the lazy-chunk one (docs/media.md, «Video»).
  videoWorker: { file: /^assets\/renditions\.worker-[\w-]+\.js$/, gzip: 120 * KiB },
  // The typeface (src/styles/typeface.css): every font file the build ships, as served (woff2 is
  // compressed already).
  fontFiles: 40 * KiB,
};

const root = process.cwd();
// BUDGET_DIST reads another build (e.g. `vite build --outDir /tmp/x`) without touching dist/.
const dist = resolve(root, process.env.BUDGET_DIST ?? 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const gzipCache = new Map();
function sizes(file) {
  if (!gzipCache.has(file)) {
    const content = readFileSync(join(dist, file));
    gzipCache.set(file, { raw: content.length, gzip: gzipSync(content, { level: 9 }).length });
  }
  return gzipCache.get(file);
}

/** The JS files a manifest key needs before it can run: itself and its static imports, transitively. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the build manifest: ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

// The route table and the public registry are TypeScript: load them through Vite, the way the app sees them.
const server = await createServer({ root, logLevel: 'error', server: { middlewareMode: true, hmr: false } });
let routes;
let publicPages;
try {
  const table = await server.ssrLoadModule('/src/app/route-table.ts');
  const meta = await server.ssrLoadModule('/src/app/route-meta.ts');
  const registry = await server.ssrLoadModule('/src/app/public-routes.ts');
  const { screens } = await server.ssrLoadModule('/src/app/screens.ts');
  publicPages = publicPagesOf(registry.publicRoutes);
  // A public page load starts the public entry: its route in the app's table serves in-app links only.
  const publicPaths = new Set(
    registry.publicRoutes.flatMap((route) => [
      route.path,
      ...(route.competitionHostPath ? [route.competitionHostPath] : []),
    ]),
  );
  const seen = new Set();
  routes = [];
  for (const hostKind of ['marketplace', 'competition']) {
    for (const definition of table.routesFor(hostKind)) {
      if (publicPaths.has(definition.path)) continue;
      // A signed-in screen loads through the screens module; the sign-in page imports its own.
      const { screenName } = definition.load;
      const module = lazyModules(screenName ? screens[screenName] : definition.load)[0];
      if (!module) throw new Error(`Cannot read the module of ${definition.path}`);
      const key = `${hostKind === 'competition' ? 'fyllopp host ' : ''}${definition.path}`;
      const id = `${definition.path}|${module}`;
      if (seen.has(id)) continue;
      seen.add(id);
      routes.push({
        label: key,
        path: definition.path,
        name: definition.meta.name,
        module,
        throughScreens: Boolean(screenName),
        layout: meta.layoutOf(definition.meta),
      });
    }
  }
} finally {
  await server.close();
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
/**
 * The manifest key of a source module: itself when it is a chunk's entry, else the chunk whose source
 * map names it (a module that a page imports statically too, e.g. an area's texts, shares a chunk).
 */
function keyOfModule(module) {
  if (manifest[module]) return module;
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    let sources = [];
    try {
      sources = JSON.parse(readFileSync(join(dist, `${chunk.file}.map`), 'utf8')).sources ?? [];
    } catch {
      continue;
    }
    if (sources.some((source) => source.endsWith(`/${module}`))) return key;
  }
  throw new Error(`No chunk of the build holds ${module}`);
}
const failures = [];
/** Everything a row needs before it renders: the entry, its start-up and its modules. */
function filesOf(row) {
  const files = closure(entryKey);
  if (row.publicPage) {
    closure(row.start, files);
    for (const module of row.modules) closure(keyOfModule(module), files);
    return files;
  }
  closure('src/app/start-app.tsx', files);
  if (row.throughScreens) closure('src/app/screens.ts', files);
  closure(`src/app/layouts/${row.layout}-layout.tsx`, files);
  return closure(row.module, files);
}

const jsGzip = (files) =>
  [...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + sizes(file).gzip, 0);
const rows = routes.map((route) => {
  const files = filesOf(route);
  const row = { ...route, gzip: jsGzip(files) };
  if (BUDGETS.routeOwn[route.name] !== undefined) {
    const shell = filesOf({ ...route, module: `src/app/layouts/${route.layout}-layout.tsx` });
    row.ownGzip = jsGzip([...files].filter((file) => !shell.has(file)));
  }
  return row;
});

for (const page of publicPages) {
  const row = { ...page, publicPage: true };
  const gzip = [...filesOf(row)]
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + sizes(file).gzip, 0);
  rows.push({ ...row, gzip });
}

// The sign-in page and the public pages are held to what a browser really fetches (budget-browser.mjs)
// when that is more than the manifest's figure (public pages: opened with sample parameters).
const measured = rows.filter((row) => row.publicPage || row.label === BUDGETS.entryRoute.path);
const inBrowser = await measureInBrowser(
  root,
  dist,
  measured.map((row) => row.path),
);
for (const row of measured) {
  const { gzip } = inBrowser.get(row.path);
  if (gzip > row.gzip) row.browserGzip = row.gzip = gzip;
}
// The sign-in page paints from index.html before its scripts arrive (vite/sign-in-prepaint.ts), and
// the app takes over without moving anything.
const signIn = inBrowser.get(BUDGETS.entryRoute.path);
console.log(
  `${BUDGETS.entryRoute.path}: ${signIn.prepainted ? 'painted from its prepaint' : 'no prepaint'}, layout shift ${signIn.layoutShift.toFixed(3)}\n`,
);
if (!signIn.prepainted) failures.push(`${BUDGETS.entryRoute.path} did not paint from its prepaint`);
if (!signIn.takenOver) failures.push(`${BUDGETS.entryRoute.path}: the app did not replace the prepaint`);
if (signIn.layoutShift > 0)
  failures.push(`${BUDGETS.entryRoute.path} shifts its layout by ${signIn.layoutShift.toFixed(3)}`);

const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;
console.log(
  'JS to render each route (gzip -9; ⓑ = what Chromium fetched, when more than the manifest says):',
);
for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
  let budget = '';
  if (row.publicPage) {
    budget = `public page ≤ ${kib(row.budget)}`;
    if (row.gzip > row.budget) failures.push(`${row.label} needs ${kib(row.gzip)} (${budget})`);
  } else if (row.ownGzip !== undefined) {
    const own = BUDGETS.routeOwn[row.name];
    budget = `own ${kib(row.ownGzip)} ≤ ${kib(own)} beyond the shell`;
    if (row.ownGzip > own) failures.push(`${row.label} needs ${kib(row.ownGzip)} of its own (${budget})`);
  } else if (row.label === BUDGETS.entryRoute.path) {
    budget = `entry ≤ ${kib(BUDGETS.entryRoute.gzip)}, target ${kib(BUDGETS.entryRoute.target)}`;
    if (row.gzip > BUDGETS.entryRoute.gzip) failures.push(`${row.label} needs ${kib(row.gzip)} (${budget})`);
  }
  const mark = row.browserGzip === row.gzip ? 'ⓑ' : ' ';
  console.log(
    `  ${kib(row.gzip).padStart(10)}${mark} ${row.label.padEnd(40)} ${row.name.padEnd(32)} ${budget}`,
  );
}

console.log('\nLargest chunks (gzip -9 / minified):');
const chunks = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
const unique = [...new Map(chunks.map((chunk) => [chunk.file, chunk])).values()];
for (const chunk of unique.sort((a, b) => sizes(b.file).gzip - sizes(a.file).gzip).slice(0, 12)) {
  const { gzip, raw } = sizes(chunk.file);
  console.log(`  ${kib(gzip).padStart(10)}  ${(raw / 1000).toFixed(1).padStart(7)} kB  ${chunk.file}`);
}
// Chunks the entry imports statically load with every page; all others are lazy.
const initial = closure(entryKey);
for (const chunk of unique) {
  const { gzip, raw } = sizes(chunk.file);
  const lazy = !initial.has(chunk.file);
  if (lazy && gzip > BUDGETS.lazyChunkGzip)
    failures.push(`${chunk.file} is ${kib(gzip)} gzip (lazy chunk ≤ 60 KiB)`);
  if (raw > BUDGETS.chunkMinified)
    failures.push(`${chunk.file} is ${(raw / 1000).toFixed(1)} kB minified (≤ 500 kB)`);
}

// Web Worker bundles and their lazy chunks (e.g. the importer's .xlsx reader) are built apart from the
// app and are not in the manifest: every .js in dist/assets that the manifest does not name. All are
// loaded on demand, so each is held to the lazy-chunk budget.
const inManifest = new Set(unique.map((chunk) => chunk.file));
const workerFiles = readdirSync(join(dist, 'assets'))
  .map((name) => `assets/${name}`)
  .filter((file) => file.endsWith('.js') && !inManifest.has(file));
if (workerFiles.length) {
  console.log('\nWorker bundles and their chunks (gzip -9 / minified, lazy):');
  for (const file of workerFiles.sort((a, b) => sizes(b).gzip - sizes(a).gzip)) {
    const { gzip, raw } = sizes(file);
    console.log(`  ${kib(gzip).padStart(10)}  ${(raw / 1000).toFixed(1).padStart(7)} kB  ${file}`);
    const limit = BUDGETS.videoWorker.file.test(file) ? BUDGETS.videoWorker.gzip : BUDGETS.lazyChunkGzip;
    if (gzip > limit) failures.push(`${file} is ${kib(gzip)} gzip (lazy chunk ≤ ${kib(limit)})`);
    if (raw > BUDGETS.chunkMinified)
      failures.push(`${file} is ${(raw / 1000).toFixed(1)} kB minified (≤ 500 kB)`);
  }
}

const snippet = snippetBudget(existsSync(join(dist, SNIPPET.file)) ? sizes(SNIPPET.file).gzip : null);
console.log(`\n${snippet.line}`);
if (snippet.failure) failures.push(snippet.failure);

const fontFiles = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.woff2'));
const fontBytes = fontFiles.reduce((sum, name) => sum + readFileSync(join(dist, 'assets', name)).length, 0);
console.log(
  `\nTypeface files (woff2, ≤ ${kib(BUDGETS.fontFiles)}): ${kib(fontBytes)} in ${fontFiles.length}`,
);
if (fontBytes > BUDGETS.fontFiles)
  failures.push(`the typeface files are ${kib(fontBytes)} (≤ ${kib(BUDGETS.fontFiles)})`);

// Stripe.js and the card client: Stripe.js loads only with the routes that use it.
// Which chunks hold them is read from the source maps; no payment code may be in the JS a non-payment
// route needs to render. The card client itself is lazy everywhere: the payment screens load it, and
// the marketplace's buy dialog loads it (through src/app/start-app.tsx) only for a 3-D Secure step.
const PAYMENT_ROUTES = new Set(['payments', 'payments-setup']);
const sourcesCache = new Map();
function sourcesOf(file) {
  if (!sourcesCache.has(file)) {
    let sources = [];
    try {
      sources = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')).sources ?? [];
    } catch {
      sources = [];
    }
    sourcesCache.set(file, sources);
  }
  return sourcesCache.get(file);
}
const holds = (pattern) => (file) =>
  file.endsWith('.js') && sourcesOf(file).some((source) => pattern.test(source));
const isStripe = holds(/node_modules\/@stripe\//);
const isCard = holds(/src\/features\/payments\/card\//);
const stripeChunks = unique.filter((chunk) => isStripe(chunk.file));
const fileKey = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
/** A manifest key as a source path: shared chunks (`_card-….js`) by the module their map names first. */
const nameOf = (key) => {
  const chunk = manifest[key];
  if (!chunk) return key;
  if (chunk.src) return chunk.src;
  const source = sourcesOf(chunk.file).find((path) => path.includes('/src/'));
  return source ? source.slice(source.indexOf('/src/') + 1) : key;
};
const importersOf = (key) =>
  Object.entries(manifest)
    .filter(([, chunk]) => (chunk.dynamicImports ?? []).includes(key) || (chunk.imports ?? []).includes(key))
    .map(([importer]) => importer);

console.log('\nStripe.js and the card client:');
if (stripeChunks.length === 0) failures.push('no chunk holds @stripe code: is the Stripe card client gone?');
for (const chunk of stripeChunks) {
  const key = fileKey.get(chunk.file);
  console.log(
    `  ${kib(sizes(chunk.file).gzip).padStart(10)}  ${chunk.file} (lazy: ${!initial.has(chunk.file)})`,
  );
  for (const importer of importersOf(key)) {
    const via = importersOf(importer).map(nameOf);
    console.log(`              imported by ${nameOf(importer)}${via.length ? ` ← ${via.join(', ')}` : ''}`);
  }
  if (initial.has(chunk.file)) failures.push(`${chunk.file} (Stripe) is loaded with every page`);
}
const withStripe = [];
const withCard = [];
for (const route of rows) {
  const files = filesOf(route);
  const stripe = [...files].some(isStripe);
  const card = [...files].some(isCard);
  if (stripe) withStripe.push(route.label);
  if (card) withCard.push(route.label);
  if ((stripe || card) && !PAYMENT_ROUTES.has(route.name)) {
    failures.push(`${route.label} (${route.name}) needs ${stripe ? 'Stripe' : 'card client'} code to render`);
  }
}
console.log(`  routes whose initial JS holds Stripe code: ${withStripe.join(', ') || 'none'}`);
console.log(`  routes whose initial JS holds the card client's loader: ${withCard.join(', ') || 'none'}`);
console.log(
  `  payment routes: ${rows
    .filter((row) => PAYMENT_ROUTES.has(row.name))
    .map((row) => `${row.label} ${kib(row.gzip)}`)
    .join(', ')}`,
);

if (failures.length) {
  console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nAll size budgets hold.');
