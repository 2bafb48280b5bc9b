import { relative } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from '../src/lib/language.ts';
import { SIGN_IN_MODULES, SIGN_IN_PATH } from './sign-in-path.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * `/auth` is the page most first visits open. Without help its files come in rounds: `index.html`,
 * then the entry and React, and only once the entry runs the start-up and the sign-in screen. On a
 * slow mobile link each round costs a round trip. This plugin writes a few lines into the built
 * `index.html` that, on `/auth` only, ask for those files while the entry downloads, so the entry's
 * `import()` finds them loaded. Other pages (the embeddable ones above all) download nothing more.
 *
 * The files are read from the bundle: the start-up, the sign-in screen and its layout with their
 * static imports (scripts as `modulepreload`), their CSS as stylesheets that hold the first paint
 * (`blocking=render`: the page's prepaint, sign-in-prepaint.ts, must not paint unstyled; the app
 * finds them in place and does not add them again), and the sign-in strings in the stored language.
 */
const ROOTS = [SIGN_IN_MODULES.startUp, SIGN_IN_MODULES.screen, SIGN_IN_MODULES.layout];
const LOCALES = SIGN_IN_MODULES.locales;

export interface SignInFiles {
  scripts: string[];
  styles: string[];
  /** The sign-in strings' script per language. */
  locales: Record<string, string>;
}

/** The files `/auth` loads after the entry, from the bundle (file names relative to the base). */
export function signInFiles(bundle: OutputBundle, root: string): SignInFiles {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const byModule = new Map<string, OutputChunk>();
  for (const chunk of chunks) {
    if (chunk.facadeModuleId) byModule.set(relative(root, chunk.facadeModuleId).replaceAll('\\', '/'), chunk);
  }
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = (module: string) => {
    const chunk = byModule.get(module);
    if (!chunk) throw new Error(`sign-in preload: ${module} is not a chunk of its own in the build`);
    return chunk;
  };

  // What the entry loads itself (index.html names it): not asked for twice.
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('sign-in preload: the build has no entry chunk');
  const loadedWithEntry = staticClosure(entry, byFile);

  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const module of ROOTS) {
    for (const file of staticClosure(chunkOf(module), byFile)) {
      if (loadedWithEntry.has(file)) continue;
      scripts.add(file);
      for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) styles.add(css);
    }
  }
  const locales: Record<string, string> = {};
  for (const [module, chunk] of byModule) {
    const language = module.startsWith(LOCALES)
      ? /^([a-z]{2})\.json$/.exec(module.slice(LOCALES.length))?.[1]
      : undefined;
    if (language) locales[language] = chunk.fileName;
  }
  if (!locales[DEFAULT_LANGUAGE])
    throw new Error(`sign-in preload: no ${LOCALES}${DEFAULT_LANGUAGE}.json chunk`);
  return { scripts: [...scripts], styles: [...styles], locales };
}

export function staticClosure(
  start: OutputChunk,
  byFile: Map<string, OutputChunk>,
  found = new Set<string>(),
) {
  if (found.has(start.fileName)) return found;
  found.add(start.fileName);
  for (const file of start.imports) {
    const chunk = byFile.get(file);
    if (chunk) staticClosure(chunk, byFile, found);
  }
  return found;
}

/** The inline script: on `/auth` (with or without a trailing slash), a link per file. */
export function signInPreloadScript(files: SignInFiles, base: string) {
  const url = (file: string) => base + file;
  const links = [
    ...files.scripts.map((file) => ['modulepreload', url(file)]),
    ...files.styles.map((file) => ['stylesheet', url(file)]),
  ];
  const locales = Object.fromEntries(
    Object.entries(files.locales).map(([language, file]) => [language, url(file)]),
  );
  return [
    `if(location.pathname.replace(/(.)\\/+$/,'$1')===${JSON.stringify(SIGN_IN_PATH)}){`,
    `var l;try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(e){}`,
    `var s=${JSON.stringify(locales)};`,
    `function a(f){var k=document.createElement('link');k.rel=f[0];if(f[0]==='stylesheet')k.blocking='render';`,
    `k.crossOrigin='';k.href=f[1];document.head.appendChild(k)}`,
    `var f=${JSON.stringify(links)}.concat([['modulepreload',s[l]||s[${JSON.stringify(DEFAULT_LANGUAGE)}]]]);`,
    `f.filter(function(x){return x[0]==='stylesheet'}).forEach(a);`,
    `requestAnimationFrame(function(){setTimeout(function(){f.filter(function(x){return x[0]!=='stylesheet'}).forEach(a)})})}`,
  ].join('');
}

export function signInPreload(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'leadtorget:sign-in-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return;
        const script = signInPreloadScript(signInFiles(context.bundle, root), base);
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
