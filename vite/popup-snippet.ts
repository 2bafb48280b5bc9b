import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build, type InlineConfig, type Plugin } from 'vite';

/** The popups' site snippet (docs/popups.md, «The snippet»): its entry and where the build puts it. */
export const SNIPPET_ENTRY = 'src/popup-snippet/main.ts';
export const SNIPPET_PATH = '/embed/popups.js';
/** The demo customer site's pages: served by the dev server only, never part of the build. */
export const DEMO_FOLDER = 'src/popup-snippet/demo';
export const DEMO_PATH = '/demo/';

/**
 * The snippet as a library build of its own: one classic script (an IIFE; a site's `<script async>`
 * tag is not a module), no chunks, nothing shared with the app, with the same `VITE_*` environment
 * (the Supabase URL and anon key) as the app's build.
 */
export function snippetConfig(root: string, mode: string, outDir: string | null): InlineConfig {
  return {
    configFile: false,
    root,
    mode,
    logLevel: 'warn',
    publicDir: false,
    build: {
      lib: {
        entry: join(root, SNIPPET_ENTRY),
        formats: ['iife'],
        name: 'leadtorgetPopups',
        fileName: () => 'popups.js',
      },
      outDir: outDir ?? 'dist-snippet',
      write: outDir !== null,
      emptyOutDir: false,
      copyPublicDir: false,
      // Customers' visitors: a few years of browsers, wider than the app's own.
      target: 'es2020',
      minify: true,
      sourcemap: false,
    },
  };
}

type Output = { output: { code?: string }[] };

/**
 * Builds the snippet into `<outDir>/embed/popups.js` after the app, and serves it in `vite` dev beside
 * the demo site's pages (`/demo/nettsted.html`), which a production build leaves out.
 */
export function popupSnippet(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let mode = 'production';
  let building = false;
  return {
    name: 'leadtorget-popup-snippet',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
      building = config.command === 'build';
    },
    async closeBundle() {
      if (!building || this.meta.watchMode) return;
      await build(snippetConfig(root, mode, join(outDir, 'embed')));
    },
    configureServer(server) {
      server.middlewares.use(SNIPPET_PATH, (_request, response, next) => {
        build(snippetConfig(root, 'development', null))
          .then((result) => {
            const first = (Array.isArray(result) ? result[0] : result) as Output;
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            response.setHeader('Cache-Control', 'no-store');
            response.end(first.output[0]?.code ?? '');
          })
          .catch(next);
      });
      server.middlewares.use(DEMO_PATH, (request, response, next) => {
        const name = /^\/([a-z-]+\.html)(?:\?|$)/.exec(request.url ?? '')?.[1];
        if (!name) return next();
        readFile(join(root, DEMO_FOLDER, name))
          .then((page) => {
            response.setHeader('Content-Type', 'text/html; charset=utf-8');
            response.end(page);
          })
          .catch(() => next());
      });
    },
  };
}
