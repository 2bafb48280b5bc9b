// The entry reads this module on every page: a literal rather than the paths module (~0.9 KiB gzip
// more for every page). tests/app/public-door.test.ts holds it equal to paths.joinMarketplace.
export const PUBLIC_DOOR_PATH = '/bli-partner';

/** supabase-js keeps a signed-in session under `sb-<project>-auth-token` (src/lib/supabase.ts). */
const STORED_SESSION = /^sb-.+-auth-token$/;

function hasStoredSession(storage: Storage): boolean {
  try {
    for (let index = 0; index < storage.length; index += 1) {
      if (STORED_SESSION.test(storage.key(index) ?? '')) return true;
    }
    return false;
  } catch {
    return false;
  }
}

/**
 * `/bli-partner` is two pages: for a visitor, the marketplace's public door on the lean public entry
 * (no router, auth client or signed-in app: ≤ 90 KiB of JS); for a signed-in user, the join flow of
 * the app. A stored session decides before either loads; one that turns out to be expired still gets
 * the app's join page, which handles visitors too.
 */
export function opensPublicDoor(pathname: string, storage: Storage = localStorage): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return normalized === PUBLIC_DOOR_PATH && !hasStoredSession(storage);
}
