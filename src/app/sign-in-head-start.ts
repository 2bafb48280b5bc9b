import { storedLanguage } from '@/lib/language';

// The entry loads this module on every page: a few lines, the route table's /auth entry points here.
export const SIGN_IN_PATH = '/auth';
export const SIGN_IN_NAMESPACE = 'auth';
export const loadSignInScreen = () => import('@/features/auth/routes/sign-in');

/**
 * `/auth` is the page most first visits open. Its screen, layout and strings start downloading
 * together with the signed-in app's start-up rather than after it, when the router asks for them:
 * one round of requests less on a slow link. The router then finds them loaded; a download that
 * fails here fails there too, and the router reports it as it does for any screen.
 */
export function startSignInDownloads(pathname: string) {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (normalized !== SIGN_IN_PATH) return;
  void Promise.all([
    loadSignInScreen(),
    import('./layouts/public-layout'),
    // The namespace spelled out: a variable there would put every feature's strings in the entry's map.
    import(`../features/auth/locales/${storedLanguage()}.json`),
  ]).catch(() => undefined);
}
