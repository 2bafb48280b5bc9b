/** The API of `supabase start` and of the embedded platform on this machine: the default when none is set. */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
