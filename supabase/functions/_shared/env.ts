/**
 * The functions' environment: a narrow view of Deno.env (tests pass a Map), and what the URL of the
 * stack says about where the functions run.
 */

export interface Env {
  get(name: string): string | undefined;
}

/** True when SUPABASE_URL points at a local stack (embedded platform or `supabase start`). */
export function isLocalStack(supabaseUrl: string | undefined): boolean {
  if (!supabaseUrl) return false;
  try {
    const host = new URL(supabaseUrl).hostname;
    return (
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      host === '127.0.0.1' ||
      host === '[::1]' ||
      host === 'kong' ||
      host === 'host.docker.internal'
    );
  } catch {
    return false;
  }
}

/**
 * The functions' public address, for links in e-mails that must reach a function (one-click
 * unsubscribe): FUNCTIONS_PUBLIC_URL, else SUPABASE_URL's `/functions/v1` (the hosted project's
 * address, or the embedded platform's gateway). Under `supabase start` SUPABASE_URL is the Docker
 * network's `http://kong:8000`, which no mail client reaches: set FUNCTIONS_PUBLIC_URL there.
 */
export function functionsUrlFromEnv(env: Env): string {
  const explicit = env.get('FUNCTIONS_PUBLIC_URL')?.trim();
  if (explicit) return explicit.replace(/\/+$/, '');
  return `${(env.get('SUPABASE_URL') ?? '').replace(/\/+$/, '')}/functions/v1`;
}
