/**
 * Test function (not a product function): answers with what it received and the environment it
 * sees, and handles its own CORS preflight as hosted functions must.
 */
import { corsHeaders } from '../_shared/cors.ts';

declare const Deno: {
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  env: { get(name: string): string | undefined };
};

const VERSION = 'v1';

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  const url = new URL(request.url);
  const env = Object.fromEntries(
    [
      'SUPABASE_URL',
      'SUPABASE_ANON_KEY',
      'SUPABASE_SERVICE_ROLE_KEY',
      'SUPABASE_DB_URL',
      'ECHO_SECRET',
      'SUPABASE_FROM_DOTENV',
      'HOME_SECRET_OF_PLATFORM',
      'MAILPIT_URL',
      'SITE_URL',
      'REDIRECT_ALLOW_LIST',
    ].map((name) => [name, Deno.env.get(name) ?? null]),
  );
  return Response.json(
    {
      version: VERSION,
      method: request.method,
      path: url.pathname,
      query: url.search,
      headers: Object.fromEntries(request.headers),
      body: await request.text(),
      env,
    },
    { headers: { ...corsHeaders, 'X-Echo': 'yes' } },
  );
});
