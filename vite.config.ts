import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { apiPreconnect } from './vite/api-preconnect.ts';
import { buildEnvRecord } from './vite/build-env.ts';
import { earlyReadsPlugin } from './vite/early-reads.ts';
import { popupSnippet } from './vite/popup-snippet.ts';
import { preloadLists } from './vite/preload-lists.ts';
import { signInPreload } from './vite/sign-in-preload.ts';
import { signInPrepaint } from './vite/sign-in-prepaint.ts';
import { startPathChunkGroups } from './vite/start-path-chunks.ts';
import { trimAuthJs, trimAuthJsInDependencies } from './vite/trim-auth-js.ts';

const preloads = preloadLists();

// Ports match `supabase start` and the embedded platform, which the e2e tests rely on: the app on 5173.
export default defineConfig({
  plugins: [
    react(),
    trimAuthJs(),
    signInPreload(),
    signInPrepaint(),
    buildEnvRecord(),
    apiPreconnect(),
    earlyReadsPlugin(),
    preloads.plugin,
    popupSnippet(),
  ],
  optimizeDeps: { rolldownOptions: { plugins: [trimAuthJsInDependencies()] } },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      'use-sync-external-store/shim': fileURLToPath(
        new URL('./vite/use-sync-external-store.ts', import.meta.url),
      ),
    },
  },
  server: { port: 5173, strictPort: true, host: '127.0.0.1', allowedHosts: ['.localhost'] },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1', allowedHosts: ['.localhost'] },
  // Module workers (the importer's worker is started with type 'module'): a dynamic import inside a
  // worker becomes a lazy chunk of its own (the .xlsx reader), which the default 'iife' would inline.
  worker: { format: 'es' },
  build: {
    // The budget script (scripts/budget.mjs) reads the manifest to sum the JS each route needs.
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    // Browsers without <link rel=modulepreload> (Safari before 17) still load every chunk, only
    // without the head start; the polyfill would cost every page its bytes.
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      output: {
        // Seven characters of hash (base64: 42 bits, ample to tell two builds of one file apart; the
        // bundler's least) rather than eight: the entry lists every public page's files by name, and
        // a name's random part does not compress.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // Libraries in chunks of their own: cached across deploys, shared by the signed-in app and
        // the embeddable pages, and each under the 60 KiB lazy-chunk budget (scripts/budget.mjs).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
            },
            // The database and edge-function clients apart: the sign-in page needs auth only.
            { name: 'supabase', test: /node_modules[\\/]@supabase[\\/]auth-js[\\/]/ },
            { name: 'postgrest', test: /node_modules[\\/]@supabase[\\/]postgrest-js[\\/]/ },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // The shared public kit (src/lib/public, src/components/public) that the public pages of
            // every area render with, in one file: split by which areas' pages share each piece, it
            // came as a dozen files under 1 KiB each, and every file costs a page's budget its own
            // overhead and the entry's preload lists a name. The participation page's and the draws'
            // own pieces stay apart (one page each), the uploads' (loaded when a file is sent), and so
            // do the engine's codes, which the signed-in
            // app's start-up reads (src/lib/errors.ts): the sign-in page must not carry the kit. The
            // class maps of the two stylesheets every public page uses join it too (two files of
            // 0.1–0.5 KiB fewer a page: 0.3 KiB of each public page's budget). The campaigns' public
            // colours (public-design) stay apart: the forms' pages do not use them. The embed snippet
            // (the editors' «Del» sections) is no public page's: it stays with the editors, and the
            // test bank (shown only when a test card asks for 3-D Secure) with the card steps.
            {
              name: 'public-kit',
              test: /src[\\/]((lib[\\/]public|components[\\/]public)[\\/](?!.*(participation|draw|winners|under-construction|campaign-codes|upload|shrink-image|public-design|embed-snippet|test-bank|card-step))[^\\/]+\.tsx?|components[\\/]public[\\/]public-(ui|page)\.module\.css|lib[\\/]contrast\.ts)$/,
              includeDependenciesRecursively: false,
            },
            // The competitions' most shared public pieces (texts, bar, avatars, icons, paths), the same
            // way: the public pages, the participation page and the signed-in preview each use a
            // different set of them, and split by those sets they came as many small files a page.
            {
              name: 'competition-kit',
              test: /src[\\/]features[\\/]competitions[\\/](components[\\/]public[\\/](competition-texts|fill-bar|team-avatar|public-icons)|utils[\\/](competition-paths|current-paths|join-window|public-design|team-initials)|api[\\/]public-competition)\.tsx?$|src[\\/](locales[\\/]nb[\\/]competitions-public\.json|features[\\/]competitions[\\/]components[\\/]public[\\/]competition-public\.module\.css)$/,
              includeDependenciesRecursively: false,
            },
            // The pages' texts and read (intro, teams, team, countdown, iframe and the signed-in
            // preview's texts) in one file: every one of those pages needs both; the participation
            // page neither.
            {
              name: 'competition-pages',
              test: /src[\\/](features[\\/]competitions[\\/](components[\\/]public[\\/](page-texts|competition-load-status|competition-public-page)|hooks[\\/]use-public-competition)\.tsx?|locales[\\/]nb[\\/]competitions-pages\.json)$/,
              includeDependenciesRecursively: false,
            },
            // Pieces the public pages always load together, one file each pair: every file costs a
            // page its own overhead and the public entry (which every public page loads, the calendar
            // iframe's 90 KiB included) a name in its preload lists. The kit above also holds its
            // Norwegian texts and its CSS module's class map, which every page with the kit loads.
            // The public form's view, read, fields and texts in one file: both form pages need all of
            // them (a booking page loads them only for a service that asks questions).
            {
              name: 'form-pages',
              test: /src[\\/](features[\\/]forms[\\/](components[\\/]public[\\/][^\\/]+|api[\\/]public-form)\.tsx?|components[\\/]public[\\/]form-fields[\\/][^\\/]+\.(tsx?|module\.css)|locales[\\/]nb[\\/]forms-public\.json|features[\\/]forms[\\/]components[\\/]public[\\/]form-view\.module\.css|lib[\\/]forms[\\/](engine-visitor|messages)\.ts)$|supabase[\\/]functions[\\/]_shared[\\/]forms[\\/](definition|conditions|evaluate|validate-answers)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'competition-standings',
              test: /src[\\/]features[\\/]competitions[\\/]components[\\/]public[\\/](standings|leaderboard)\.tsx$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'competition-join',
              test: /src[\\/]features[\\/]competitions[\\/]components[\\/]public[\\/](join-form|join-result)\.tsx$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'calendar-door',
              test: /src[\\/]features[\\/]calendars[\\/]components[\\/](door-panel|public[\\/]door-view)\.tsx$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'calendar-entry',
              test: /src[\\/]features[\\/]calendars[\\/]components[\\/]public[\\/](entry-form|entry-result)\.tsx$/,
              includeDependenciesRecursively: false,
            },
            // Our own modules on the sign-in page's path: a few files instead of ~25 small ones.
            ...startPathChunkGroups(fileURLToPath(new URL('.', import.meta.url))),
          ],
        },
      },
    },
  },
  test: {
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          globals: true,
          setupFiles: ['./tests/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/integration/**'],
          // Code that forgets Europe/Oslo must fail: dates and times are formatted in Oslo time everywhere.
          env: { TZ: 'America/Los_Angeles' },
          // One jsdom per worker instead of one per file (jsdom's set-up was half the run);
          // tests/setup.ts gives each file fresh app modules and a blank page, as isolation did.
          isolate: false,
          // Processes, not threads: auth-js talks to other clients over BroadcastChannel, which
          // reaches every thread of a process, so two files running at once would hear each other.
          pool: 'forks',
          maxWorkers: '100%',
          // i18next and react-i18next keep the instance in module state: inlined, they are
          // evaluated again with the app's modules for each file instead of carrying one file's
          // language, namespaces and handlers into the next.
          server: { deps: { inline: ['i18next', 'react-i18next'] } },
          // Screens chain several requests and lazy chunks; on a busy machine 5 s is not enough.
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // Projects run in groups with one maxWorkers each: app and scripts form theirs, so platform
          // and integration keep their own in a run of every project.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The project's own tooling (scripts/, vite/): the structure check and the lint rules on
        // fixtures, the build's plugins.
        extends: true,
        test: {
          name: 'scripts',
          environment: 'node',
          globals: true,
          include: ['scripts/**/*.test.ts', 'vite/**/*.test.ts'],
          testTimeout: 60_000,
          maxWorkers: '100%',
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The embedded local platform (supabase/local): Node, real databases, real supabase-js.
        extends: true,
        test: {
          name: 'platform',
          environment: 'node',
          globals: true,
          include: ['supabase/local/**/*.test.ts'],
          // A file starts its platforms on a freshly migrated database (every migration, on one
          // PGlite thread) and may restart them: on a busy 2-core machine that took over a minute.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A PGlite database runs on one thread: two files at once use both cores (every file
          // starts its own databases and servers on free ports).
          maxWorkers: 2,
        },
      },
      {
        // The product (edge functions, migrations) through the embedded platform, as the platform
        // project runs its own tests.
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          globals: true,
          include: ['tests/integration/**/*.test.ts'],
          // As the platform's: each file migrates its own database first.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file has its own platform (or PostgreSQL 15) on free ports: two at once.
          maxWorkers: 2,
        },
      },
    ],
  },
});
