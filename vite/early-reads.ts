import { relative } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';
import { type EarlyRead, earlyReads, PUBLIC_START_MODULE } from '../src/app/early-reads.ts';
import { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from '../src/lib/local-supabase.ts';
import { EARLY_READS_GLOBAL } from '../src/lib/public/early-read.ts';
import { staticClosure } from './sign-in-preload.ts';

type OutputChunk = Rolldown.OutputChunk;

/** An early read with the built files its page needs after the entry (none in development). */
export type EarlyStart = EarlyRead & { files: string[] };

/**
 * The files a page loads after the entry: the public start-up and the read's modules with their
 * static imports and stylesheets, less what the entry itself loads (index.html names it).
 */
export function pageFiles(bundle: Rolldown.OutputBundle, root: string, modules: string[], base: string) {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const holding = (module: string) => {
    const chunk = chunks.find((candidate) =>
      candidate.moduleIds.some((id) => relative(root, id).replaceAll('\\', '/') === module),
    );
    if (!chunk) throw new Error(`early reads: no chunk of the build holds ${module}`);
    return chunk;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('early reads: the build has no entry chunk');
  const loadedWithEntry = staticClosure(entry, byFile);
  const files = new Set<string>();
  for (const module of [PUBLIC_START_MODULE, ...modules]) {
    for (const file of staticClosure(holding(module), byFile)) {
      if (loadedWithEntry.has(file)) continue;
      files.add(file);
      for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) files.add(css);
    }
  }
  return [...files].map((file) => base + file);
}

/**
 * The inline script that starts a public page's first read as `index.html` parses
 * (src/app/early-reads.ts): the same POST that `publicRpc` sends, kept under the function and value;
 * then it asks for the page's files (scripts as `modulepreload`, styles as stylesheets, which Vite's
 * loader later finds in place). A failed read is left for the page to meet (it reads afresh or shows
 * its error), never reported as an unhandled rejection.
 */
export function earlyReadScript(reads: EarlyStart[], url: string, anonKey: string): string {
  const table = reads.map((read) => [
    read.path.source,
    read.path.flags,
    read.query ?? '',
    read.rpc,
    read.argument,
    read.files,
  ]);
  const headers = `{apikey:k,Authorization:'Bearer '+k,'Content-Type':'application/json'}`;
  return [
    `(function(){try{var r=${JSON.stringify(table)},k=${JSON.stringify(anonKey)},u=${JSON.stringify(url)};`,
    `for(var i=0;i<r.length;i++){var e=r[i],m=location.pathname.match(new RegExp(e[0],e[1]));if(!m)continue;`,
    `var v=e[2]?new URLSearchParams(location.search).get(e[2]):m[1];if(!v)return;var b={};b[e[4]]=v;`,
    `var p=fetch(u+'/rest/v1/rpc/'+e[3],{method:'POST',headers:${headers},body:JSON.stringify(b)});`,
    `p.catch(function(){});var s=window[${JSON.stringify(EARLY_READS_GLOBAL)}]={};s[e[3]+':'+v]=p;`,
    `e[5].forEach(function(f){var l=document.createElement('link');l.rel=/\\.css$/.test(f)?'stylesheet':'modulepreload';`,
    `l.crossOrigin='';l.href=f;document.head.appendChild(l)});return}}catch(x){}})()`,
  ].join('');
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The script with the build's API and key, defaulting as the app's `env` does. */
export function earlyReadTag(env: Record<string, unknown>, reads: EarlyStart[]): HtmlTagDescriptor {
  const url = text(env.VITE_SUPABASE_URL) ?? LOCAL_SUPABASE_URL;
  const anonKey = text(env.VITE_SUPABASE_ANON_KEY) ?? LOCAL_ANON_KEY;
  return { tag: 'script', children: earlyReadScript(reads, url, anonKey), injectTo: 'head' };
}

export function earlyReadsPlugin(): Plugin {
  let env: Record<string, unknown> = {};
  let root = '';
  let base = '/';
  return {
    name: 'leadtorget-early-reads',
    configResolved(config) {
      env = config.env;
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const { bundle } = context;
        const reads = earlyReads.map((read) => ({
          ...read,
          files: bundle ? pageFiles(bundle, root, read.modules, base) : [],
        }));
        return [earlyReadTag(env, reads)];
      },
    },
  };
}
