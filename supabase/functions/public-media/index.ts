/** public-media on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { parseTrustedProxies } from '../_shared/client-ip.ts';
import { rpcOf } from '../_shared/database.ts';
import { consoleLog } from '../_shared/http.ts';
import { MEDIA_BUCKET } from '../_shared/media-limits.ts';
import { databaseRateLimiter } from '../_shared/rate-limit.ts';
import { errorOf, serviceClient, supabaseEnv } from '../_shared/supabase.ts';
import { handlePublicMedia, type PublicMediaDeps } from './handler.ts';

const service = serviceClient(supabaseEnv(Deno.env));
const rpc = rpcOf(service);

const deps: PublicMediaDeps = {
  db: {
    async publicPaths(paths, bucket) {
      const shown =
        bucket === MEDIA_BUCKET
          ? await rpc('public_media_paths', { input_paths: paths })
          : await rpc('public_upload_paths', { input_paths: paths });
      return new Set(shown);
    },
    async sign(paths, seconds, bucket) {
      const { data, error } = await service.storage.from(bucket).createSignedUrls(paths, seconds);
      if (error) throw errorOf(error);
      // Relative to the storage API: the function's SUPABASE_URL may be an address only the gateway's
      // network knows (`supabase start` gives functions http://kong:8000), so the page adds its own.
      const links = new Map<string, string>();
      for (const link of data) {
        if (!link.path || !link.signedUrl) continue;
        const url = new URL(link.signedUrl);
        links.set(link.path, `${url.pathname.replace(/^.*?\/storage\/v1/, '')}${url.search}`);
      }
      return links;
    },
  },
  rateLimiter: databaseRateLimiter(service),
  trustedProxies: parseTrustedProxies(Deno.env.get('TRUSTED_PROXIES')),
  log: consoleLog,
};

Deno.serve((request) => handlePublicMedia(request, deps));
