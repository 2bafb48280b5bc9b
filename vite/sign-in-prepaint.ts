import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { LANGUAGE_STORAGE_KEY } from '../src/lib/language.ts';
import { SIGN_IN_PATH } from './sign-in-path.ts';

const PREPAINT_MODULE = 'src/app/prepaint/sign-in-prepaint.tsx';
export const PREPAINT_TEMPLATE_ID = 'sign-in-prepaint';

/**
 * The inline script after `#root`: on `/auth`, for a visitor who would see the Norwegian sign-in
 * form (no stored session, no other language chosen, no state carried by history, no tokens in the
 * URL's fragment), the page's
 * first paint from the template, inert until the app replaces it. Without it nothing paints until
 * all of the app's start-up has downloaded and run. Typing is held off until then (inert), so
 * nothing typed is lost when the app takes over.
 */
export function signInPrepaintScript() {
  return [
    `(function(){if(location.pathname.replace(/(.)\\/+$/,'$1')!==${JSON.stringify(SIGN_IN_PATH)}||location.hash||history.state&&history.state.usr)return;`,
    `try{var l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)});if(l&&l!=='nb')return;`,
    `for(var i=0;i<localStorage.length;i++)if(/^sb-.+-auth-token$/.test(localStorage.key(i)||''))return}catch(e){}`,
    `var t=document.getElementById(${JSON.stringify(PREPAINT_TEMPLATE_ID)}),r=document.getElementById('root');`,
    `if(!t||!r)return;r.appendChild(t.content.cloneNode(true));`,
    `for(var c=r.firstElementChild;c;c=c.nextElementSibling)c.inert=true;r.setAttribute('data-prepaint','')})()`,
  ].join('');
}

/** Puts the template and its script right after `<div id="root"></div>`. */
export function withSignInPrepaint(html: string, markup: string) {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('sign-in prepaint: index.html has no empty #root');
  return html.replace(
    root,
    `${root}\n    <template id="${PREPAINT_TEMPLATE_ID}">${markup}</template>\n    <script>${signInPrepaintScript()}</script>`,
  );
}

/**
 * After the client build: a server build of the prepaint module (same CSS modules, so the same
 * class names), its markup rendered once and written into `dist/index.html`.
 */
export function signInPrepaint(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'leadtorget:sign-in-prepaint',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // Inside the project, so the server build's imports resolve from its node_modules.
      const outDir = resolve(config.root, 'node_modules/.cache/leadtorget-prepaint');
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias: config.resolve.alias },
          css: config.css,
          define: config.define,
          build: {
            ssr: PREPAINT_MODULE,
            outDir,
            emptyOutDir: true,
            rollupOptions: { output: { format: 'es' } },
          },
        });
        const module = (await import(pathToFileURL(join(outDir, 'sign-in-prepaint.js')).href)) as {
          renderSignInPrepaint: () => Promise<string>;
        };
        const markup = await module.renderSignInPrepaint();
        const indexFile = resolve(config.root, config.build.outDir, 'index.html');
        writeFileSync(indexFile, withSignInPrepaint(readFileSync(indexFile, 'utf8'), markup));
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    },
  };
}
