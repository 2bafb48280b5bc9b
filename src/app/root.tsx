import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useAssistantShortcut } from '@/features/assistant/hooks/use-assistant-shortcut';
import { usePageViews } from '@/lib/analytics/use-page-views';
import { ConsentBanner } from './consent-banner';
import { LazyAssistantPanel } from './lazy-hosts';
import { useRouteName } from './use-route-name';

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
