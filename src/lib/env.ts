import { parseCompetitionHosts } from './host';
import { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from './local-supabase';

export interface Env {
  VITE_SUPABASE_URL: string;
  VITE_SUPABASE_ANON_KEY: string;
  VITE_COMPETITION_HOSTS: string[];
  VITE_GTM_ID?: string;
  VITE_ASSISTANT_ENABLED: 'true' | 'false';
}

// Checked by hand rather than with zod: this runs in the entry of every page, and sharing zod's core
// with the feature forms would put all of it into the entry chunk, which scripts/budget.mjs keeps small.
const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Parses the build-time environment; a wrong value stops start-up with a message that names it. */
export function parseEnv(source: Record<string, unknown>): Env {
  const text = (name: keyof Env): string | undefined => {
    const value = source[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const wrong: string[] = [];
  const check = (name: keyof Env, ok: boolean) => {
    if (!ok) wrong.push(name);
  };

  const url = text('VITE_SUPABASE_URL') ?? LOCAL_SUPABASE_URL;
  check('VITE_SUPABASE_URL', isHttpUrl(url));
  const anonKey = text('VITE_SUPABASE_ANON_KEY') ?? LOCAL_ANON_KEY;
  check('VITE_SUPABASE_ANON_KEY', anonKey.length >= 20);
  const hosts = parseCompetitionHosts(text('VITE_COMPETITION_HOSTS'));
  const gtmId = text('VITE_GTM_ID');
  check('VITE_GTM_ID', gtmId === undefined || /^GTM-[A-Z0-9]+$/.test(gtmId));
  const assistant = text('VITE_ASSISTANT_ENABLED') ?? 'true';
  check('VITE_ASSISTANT_ENABLED', assistant === 'true' || assistant === 'false');

  if (wrong.length > 0) {
    throw new Error(`Invalid environment variables: ${wrong.join(', ')}. See .env.example.`);
  }
  return {
    VITE_SUPABASE_URL: url,
    VITE_SUPABASE_ANON_KEY: anonKey,
    VITE_COMPETITION_HOSTS: hosts,
    ...(gtmId === undefined ? {} : { VITE_GTM_ID: gtmId }),
    VITE_ASSISTANT_ENABLED: assistant as Env['VITE_ASSISTANT_ENABLED'],
  };
}

export const env: Env = parseEnv(import.meta.env);
