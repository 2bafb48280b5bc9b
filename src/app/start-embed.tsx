import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { i18next } from '@/lib/i18n';
import { pageTitle } from '@/lib/page-title';
import type { EmbedRouteDefinition } from './embed-routes';
import { startI18n } from './startup/i18n';
import { startSharedComponents } from './startup/shared-components';

/**
 * An embeddable page: only the start-up modules it needs (no assistant or analytics inside a
 * customer's website), no router, no auth client.
 */
export async function startEmbed(root: Root, container: HTMLElement, route: EmbedRouteDefinition) {
  const [{ default: Page }] = await Promise.all([route.load(), startI18n()]);
  startSharedComponents();
  container.dataset.routeName = route.meta.name;
  document.title = pageTitle(i18next.t, route.meta.name);
  root.render(
    <StrictMode>
      <main id="main">
        <Page />
      </main>
    </StrictMode>,
  );
}
