import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { storedLanguage } from '@/lib/language';
import {
  createTranslate,
  type Messages,
  mergeMessages,
  PublicTextsProvider,
  publicLanguage,
  sharedPublicMessages,
} from '@/lib/public/public-texts';
import type { PublicRoute } from './public-routes';
import { startSharedComponents } from './startup/shared-components';

/**
 * A page of the public registry (src/app/public-routes.ts): React, the page, its texts and its few RPC
 * calls — no router, auth client, i18next or supabase-js (scripts/budget.mjs holds each page to its
 * budget). The entry fetches this module and the page's together.
 */
export async function startPublic(
  root: Root,
  container: HTMLElement,
  route: PublicRoute,
  page: Promise<{ default: React.ComponentType }>,
) {
  const language = route.language === 'visitor' ? storedLanguage() : publicLanguage(window.location.search);
  const [shared, area, { default: Page }] = await Promise.all([
    sharedPublicMessages(language),
    route.texts(language),
    page,
  ]);
  startSharedComponents();
  document.documentElement.lang = language;
  container.dataset.routeName = route.name;
  const texts = { t: createTranslate<Messages>(mergeMessages(shared, area), language), language };
  root.render(
    <StrictMode>
      <PublicTextsProvider value={texts}>
        <main id="main">
          <Page />
        </main>
      </PublicTextsProvider>
    </StrictMode>,
  );
}
