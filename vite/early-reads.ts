import type { HtmlTagDescriptor, Plugin } from 'vite';
import { type EarlyRead, earlyReads } from '../src/app/early-reads.ts';
import { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from '../src/lib/local-supabase.ts';
import { EARLY_READS_GLOBAL } from '../src/lib/public/early-read.ts';

/**
 * The inline script that starts a public page's first read as `index.html` parses
 * (src/app/early-reads.ts): the same POST that `publicRpc` sends, kept under the function and value.
 * A failed read is left for the page to meet (it reads afresh or shows its error), never reported
 * as an unhandled rejection.
 */
export function earlyReadScript(reads: EarlyRead[], url: string, anonKey: string): string {
  const table = reads.map((read) => [
    read.path.source,
    read.path.flags,
    read.query ?? '',
    read.rpc,
    read.argument,
  ]);
  const headers = `{apikey:k,Authorization:'Bearer '+k,'Content-Type':'application/json'}`;
  return [
    `(function(){try{var r=${JSON.stringify(table)},k=${JSON.stringify(anonKey)},u=${JSON.stringify(url)};`,
    `for(var i=0;i<r.length;i++){var e=r[i],m=location.pathname.match(new RegExp(e[0],e[1]));if(!m)continue;`,
    `var v=e[2]?new URLSearchParams(location.search).get(e[2]):m[1];if(!v)return;var b={};b[e[4]]=v;`,
    `var p=fetch(u+'/rest/v1/rpc/'+e[3],{method:'POST',headers:${headers},body:JSON.stringify(b)});`,
    `p.catch(function(){});var s=window[${JSON.stringify(EARLY_READS_GLOBAL)}]={};s[e[3]+':'+v]=p;return}}catch(x){}})()`,
  ].join('');
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The script with the build's API and key, defaulting as the app's `env` does. */
export function earlyReadTag(env: Record<string, unknown>): HtmlTagDescriptor {
  const url = text(env.VITE_SUPABASE_URL) ?? LOCAL_SUPABASE_URL;
  const anonKey = text(env.VITE_SUPABASE_ANON_KEY) ?? LOCAL_ANON_KEY;
  return {
    tag: 'script',
    children: earlyReadScript(earlyReads, url, anonKey),
    injectTo: 'head',
  };
}

export function earlyReadsPlugin(): Plugin {
  let tag: HtmlTagDescriptor | undefined;
  return {
    name: 'leadtorget-early-reads',
    configResolved(config) {
      tag = earlyReadTag(config.env);
    },
    transformIndexHtml: () => (tag ? [tag] : []),
  };
}
