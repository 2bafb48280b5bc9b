// First: note an access token in the URL before supabase-js consumes it (guard rule 1).
import '@/lib/url-session';
import { createRoot } from 'react-dom/client';
import { findPublicRoute } from '@/app/public-routes';

/**
 * The entry only decides which app to start, so a public page (src/app/public-routes.ts) never
 * downloads the signed-in app. React itself is shared by all and loads with the entry.
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);

const publicRoute = findPublicRoute(window.location.pathname);
if (publicRoute) {
  // The start-up and the page download together: one round trip after the entry.
  const page = publicRoute.load();
  void import('@/app/start-public').then(({ startPublic }) =>
    startPublic(root, container, publicRoute, page),
  );
} else if (container.hasAttribute('data-prepaint')) {
  // The sign-in page painted from index.html (vite/sign-in-prepaint.ts): the app's downloads start
  // after that first paint, so they do not compete with it; a tab in the background, which paints
  // nothing, starts a moment later anyway.
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    startSignedInApp(true);
  };
  requestAnimationFrame(() => setTimeout(startOnce));
  setTimeout(startOnce, 500);
} else startSignedInApp(false);

function startSignedInApp(prepainted: boolean) {
  void import('@/app/start-app').then(({ startApp }) => startApp(root, { prepainted }));
}
