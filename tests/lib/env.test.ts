import { env, parseEnv } from '@/lib/env';

const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** The message parseEnv throws, or a failure if it does not throw. */
function parseError(source: Record<string, unknown>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return (error as Error).message;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe('parseEnv', () => {
  it('defaults to the local Supabase of `supabase start`', () => {
    expect(parseEnv({})).toEqual({
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
      VITE_COMPETITION_HOSTS: ['fyllopp.localhost'],
      VITE_ASSISTANT_ENABLED: 'true',
    });
    expect(parseEnv({}).VITE_GTM_ID).toBeUndefined();
  });

  it('keeps given values', () => {
    const parsed = parseEnv({
      VITE_SUPABASE_URL: 'https://abcdefgh.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'a-publishable-key-of-some-length',
      VITE_GTM_ID: 'GTM-AB12CD3',
      VITE_ASSISTANT_ENABLED: 'false',
    });
    expect(parsed.VITE_SUPABASE_URL).toBe('https://abcdefgh.supabase.co');
    expect(parsed.VITE_SUPABASE_ANON_KEY).toBe('a-publishable-key-of-some-length');
    expect(parsed.VITE_GTM_ID).toBe('GTM-AB12CD3');
    expect(parsed.VITE_ASSISTANT_ENABLED).toBe('false');
  });

  it('splits, trims and lower-cases the competition hosts', () => {
    expect(parseEnv({ VITE_COMPETITION_HOSTS: 'a.no, B.no' }).VITE_COMPETITION_HOSTS).toEqual([
      'a.no',
      'b.no',
    ]);
    expect(parseEnv({ VITE_COMPETITION_HOSTS: ' Fyllopp.NO ' }).VITE_COMPETITION_HOSTS).toEqual([
      'fyllopp.no',
    ]);
    expect(parseEnv({ VITE_COMPETITION_HOSTS: 'a.no,,b.no, ' }).VITE_COMPETITION_HOSTS).toEqual([
      'a.no',
      'b.no',
    ]);
  });

  it('treats empty strings as unset (an empty line in .env)', () => {
    const parsed = parseEnv({
      VITE_SUPABASE_URL: '',
      VITE_SUPABASE_ANON_KEY: '',
      VITE_COMPETITION_HOSTS: '',
      VITE_GTM_ID: '',
      VITE_ASSISTANT_ENABLED: '',
    });
    expect(parsed).toEqual(parseEnv({}));
    expect(parsed.VITE_GTM_ID).toBeUndefined();
    expect(parsed.VITE_COMPETITION_HOSTS).toEqual(['fyllopp.localhost']);
  });

  it('ignores the variables Vite adds itself', () => {
    const parsed = parseEnv({ MODE: 'test', DEV: true, PROD: false, SSR: false, BASE_URL: '/' });
    expect(parsed).toEqual(parseEnv({}));
    expect(parsed).not.toHaveProperty('MODE');
  });

  it.each(['not a url', '127.0.0.1:54321', 'localhost'])(
    'rejects the Supabase URL %j and names the variable',
    (value) => {
      const message = parseError({ VITE_SUPABASE_URL: value });
      expect(message).toContain('VITE_SUPABASE_URL');
      expect(message).not.toContain('VITE_GTM_ID');
    },
  );

  it.each(['UA-12345-1', 'gtm-abc123', 'GTM-', 'GTM-ABC 123', 'G-ABCDEF'])(
    'rejects the Tag Manager id %j and names the variable',
    (value) => {
      const message = parseError({ VITE_GTM_ID: value });
      expect(message).toContain('VITE_GTM_ID');
      expect(message).not.toContain('VITE_SUPABASE_URL');
    },
  );

  it('rejects a too short anon key and names the variable', () => {
    expect(parseError({ VITE_SUPABASE_ANON_KEY: 'short' })).toContain('VITE_SUPABASE_ANON_KEY');
  });

  it('rejects anything but true/false for the assistant and names the variable', () => {
    expect(parseError({ VITE_ASSISTANT_ENABLED: 'yes' })).toContain('VITE_ASSISTANT_ENABLED');
  });

  it('names every wrong variable at once and points to .env.example', () => {
    const message = parseError({ VITE_SUPABASE_URL: 'nope', VITE_GTM_ID: 'nope' });
    expect(message).toContain('VITE_SUPABASE_URL');
    expect(message).toContain('VITE_GTM_ID');
    expect(message).toContain('.env.example');
  });
});

describe('env', () => {
  it('is the parsed build-time environment', () => {
    expect(env).toEqual(parseEnv(import.meta.env));
    expect(() => new URL(env.VITE_SUPABASE_URL)).not.toThrow();
    expect(Array.isArray(env.VITE_COMPETITION_HOSTS)).toBe(true);
  });
});
