import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import {
  CalendarTextsProvider,
  loadCalendarTexts,
} from '@/features/calendars/components/public/calendar-texts';
import { publicLanguage } from '@/lib/public/public-texts';
import type { PublicCalendarRoute } from './public-calendar-routes';
import { startSharedComponents } from './startup/shared-components';

/**
 * A public calendar page (src/app/public-calendar-routes.ts): React, the page and its few RPC calls —
 * no router, auth client, i18next or supabase-js (scripts/budget.mjs holds each page to 90 KiB gzip
 * of JS). The entry fetches this module and the page's together.
 */
export async function startCalendar(
  root: Root,
  container: HTMLElement,
  route: PublicCalendarRoute,
  page: Promise<{ default: () => React.ReactNode }>,
) {
  const language = publicLanguage(window.location.search);
  const [texts, { default: Page }] = await Promise.all([loadCalendarTexts(language), page]);
  startSharedComponents();
  document.documentElement.lang = language;
  container.dataset.routeName = route.name;
  root.render(
    <StrictMode>
      <CalendarTextsProvider value={texts}>
        <main id="main">
          <Page />
        </main>
      </CalendarTextsProvider>
    </StrictMode>,
  );
}
