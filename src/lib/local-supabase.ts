/** The API of `supabase start` and of the embedded platform on this machine: the default when none is set. */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

/** The well-known anon key of `supabase start` (and of the embedded platform): publishable by design. */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
