import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useAssistantShortcut } from '@/features/assistant/hooks/use-assistant-shortcut';
import { usePageViews } from '@/lib/analytics/use-page-views';
import { pageTitle } from '@/lib/page-title';
import { ConsentBanner } from './consent-banner';
import { LazyAssistantPanel } from './lazy-hosts';
import { useRouteName } from './use-route-name';

export function Root() {
  const routeName = useRouteName();
  const { i18n } = useTranslation();

  // The app's root element tells tests and analytics which screen is showing; the
  // title is set before the page view is counted, which reads it.
  useLayoutEffect(() => {
    document.title = pageTitle(i18n, routeName);
    const element = document.getElementById('root');
    if (!element) return;
    if (routeName) element.dataset.routeName = routeName;
    else delete element.dataset.routeName;
  }, [routeName, i18n]);

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
