import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { provideCardConfirmation } from '@/lib/card-confirmation';
import { currentHostname, hostKindOf } from '@/lib/host';
import { paths } from '@/lib/paths';
import { restoreSession } from '@/lib/session';
import { App } from './app';
import { subscribeToAuthEvents } from './auth-events';
import { account } from './guards/guard-effects';
import { createQueryClient } from './query-client';
import { loadScreens } from './route-table';
import { createAppRouter, type AppRouter } from './router';
import { runStartup } from './startup/startup';

function routerReady(router: AppRouter) {
  return new Promise<void>((done) => {
    if (router.state.initialized) return done();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      done();
    });
  });
}

/**
 * The signed-in app: the four start-up modules and the stored session, then the router mounts.
 * `prepainted`: `#root` holds the sign-in page's prepaint (vite/sign-in-prepaint.ts).
 */
export async function startApp(root: Root, { prepainted = false } = {}) {
  // A signed-in screen's module is named in the screens module (route-table.ts): on any page but
  // the sign-in page it downloads alongside the start-up instead of after it.
  if (window.location.pathname.replace(/(.)\/+$/, '$1') !== paths.auth) void loadScreens();
  // A stored session means the guard's first check reads the account: its chunk loads meanwhile
  // (a failure here is the guard's to report, when it asks again).
  await Promise.all([
    runStartup(),
    restoreSession().then((session) => {
      if (session) account().catch(() => undefined);
    }),
  ]);

  // The card's confirmation step (3-D Secure) for the marketplace's buy dialog: the payments
  // feature's card client, loaded only when a purchase needs it (docs/payments.md «buy-lead»).
  provideCardConfirmation(async (request) =>
    (await import('@/features/payments/components/confirm-card-step')).confirmCardStep(request),
  );

  const queryClient = createQueryClient();
  const router = createAppRouter(hostKindOf(currentHostname()), queryClient);
  subscribeToAuthEvents({
    queryClient,
    navigate: (to) => router.navigate(to),
    revalidate: () => router.revalidate(),
  });

  // Over the sign-in page's prepaint (index.html) the first commit must be the page itself, not the
  // loading state: it replaces the prepaint in one step, with nothing moving.
  if (prepainted) await routerReady(router);

  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}
