import * as z from 'zod/mini';

// The well-known local keys of `supabase start` (and of the embedded platform): publishable by design.
const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const hostList = z.pipe(
  z.optional(z.string()),
  z.transform((value) =>
    (value ?? 'fyllopp.localhost')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  ),
);

const envSchema = z.object({
  VITE_SUPABASE_URL: z._default(z.url(), LOCAL_SUPABASE_URL),
  VITE_SUPABASE_ANON_KEY: z._default(z.string().check(z.minLength(20)), LOCAL_ANON_KEY),
  VITE_COMPETITION_HOSTS: hostList,
  VITE_GTM_ID: z.optional(z.string().check(z.regex(/^GTM-[A-Z0-9]+$/))),
  VITE_ASSISTANT_ENABLED: z._default(z.enum(['true', 'false']), 'true'),
});

export type Env = z.infer<typeof envSchema>;

/** Parses the build-time environment; a wrong value stops start-up with a message that names it. */
export function parseEnv(source: Record<string, unknown>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid environment variables: ${fields}. See .env.example.`);
  }
  return result.data;
}

export const env: Env = parseEnv(import.meta.env);
