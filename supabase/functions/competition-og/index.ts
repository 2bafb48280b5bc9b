/** competition-og on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { parseTrustedProxies } from '../_shared/client-ip.ts';
import { rpcOf } from '../_shared/database.ts';
import { consoleLog } from '../_shared/http.ts';
import { databaseRateLimiter } from '../_shared/rate-limit.ts';
import { publicClient, serviceClient, supabaseEnv } from '../_shared/supabase.ts';
import { handleCompetitionOg } from './handler.ts';
import { drawShareImage, loadFonts, teamShareSchema } from './image.ts';

const config = supabaseEnv(Deno.env);
// The read is the public's: anon may call competition_team_share, and nothing more is needed.
const rpc = rpcOf(publicClient(config));
const fonts = loadFonts();

Deno.serve((request) =>
  handleCompetitionOg(request, {
    async share(teamId) {
      try {
        return teamShareSchema.parse(await rpc('competition_team_share', { input_team_id: teamId }));
      } catch (error) {
        if (error instanceof Error && error.message === 'competition-team-not-found') return null;
        throw error;
      }
    },
    async draw(share) {
      return drawShareImage(share, await fonts);
    },
    rateLimiter: databaseRateLimiter(serviceClient(config)),
    trustedProxies: parseTrustedProxies(Deno.env.get('TRUSTED_PROXIES')),
    log: consoleLog,
  }),
);
