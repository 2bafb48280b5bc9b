import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { useAssistantShortcut } from '@/features/assistant/hooks/use-assistant-shortcut';
import { usePageViews } from '@/lib/analytics/use-page-views';
import type { RouteHandle } from './router';
import { ConsentBanner } from './consent-banner';
import { LazyAssistantPanel } from './lazy-hosts';

/** The name of the deepest matched route that has one (spec name, e.g. `leads`, `not-found`). */
export function useRouteName(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.meta) return handle.meta.name;
  }
  return undefined;
}

export function Root() {
  const routeName = useRouteName();

  // The app's root element tells tests and analytics which screen is showing (ARCHITECTURE §9).
  useLayoutEffect(() => {
    const element = document.getElementById('root');
    if (!element) return;
    if (routeName) element.dataset.routeName = routeName;
    else delete element.dataset.routeName;
  }, [routeName]);

  usePageViews(routeName);
  useAssistantShortcut();

  return (
    <>
      <Outlet />
      <LazyAssistantPanel routeName={routeName} />
      <ConsentBanner />
      <ScrollRestoration />
    </>
  );
}
