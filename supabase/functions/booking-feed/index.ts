/** booking-feed on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { rpcOf } from '../_shared/database.ts';
import { consoleLog } from '../_shared/http.ts';
import { serviceClient, supabaseEnv } from '../_shared/supabase.ts';
import { handleBookingFeed } from './handler.ts';

const rpc = rpcOf(serviceClient(supabaseEnv(Deno.env)));

Deno.serve((request) =>
  handleBookingFeed(request, {
    feed: (token) => rpc('booking_feed', { input_token: token }),
    log: consoleLog,
  }),
);
