/**
 * supabase-js takes a session out of the URL (magic links, OAuth) and cleans the URL while it
 * starts, so we note here — imported first, before the client exists — whether the page was opened
 * with an access token. Guard rule 1 reads it once, on the first navigation.
 */
const ACCESS_TOKEN = /(?:^|[#?&])access_token=/;

let pending =
  typeof window !== 'undefined' && ACCESS_TOKEN.test(window.location.hash + window.location.search);

export function takeAccessTokenInUrl(): boolean {
  const value = pending;
  pending = false;
  return value;
}
