import type { HtmlTagDescriptor, Plugin } from 'vite';
import { LOCAL_SUPABASE_URL } from '../src/lib/local-supabase.ts';

/**
 * Every page's first data comes from the Supabase API, another origin: without help the browser opens
 * that connection (on https with its TLS handshake) only when the first call goes out, after the
 * page's code has downloaded and run. A preconnect in `index.html` opens it while the code downloads.
 * `crossorigin`: the calls are CORS requests without credentials, which use the anonymous connection.
 */
export function apiPreconnectTag(env: Record<string, unknown>): HtmlTagDescriptor {
  const url = env.VITE_SUPABASE_URL;
  const origin = new URL(typeof url === 'string' && url !== '' ? url : LOCAL_SUPABASE_URL).origin;
  return { tag: 'link', attrs: { rel: 'preconnect', href: origin, crossorigin: '' }, injectTo: 'head' };
}

export function apiPreconnect(): Plugin {
  let tag: HtmlTagDescriptor | undefined;
  return {
    name: 'leadtorget-api-preconnect',
    configResolved(config) {
      tag = apiPreconnectTag(config.env);
    },
    transformIndexHtml: () => (tag ? [tag] : []),
  };
}
