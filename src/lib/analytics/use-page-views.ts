import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { trackPageView } from './tag-manager';

/** One page_view per route change (not per render), once the route name is known. */
export function usePageViews(routeName: string | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (routeName) trackPageView(routeName, pathname);
  }, [routeName, pathname]);
}
