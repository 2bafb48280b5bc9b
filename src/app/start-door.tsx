import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { fetchDoor } from '@/features/onboarding/api/get-door';
import { type DoorResult, MarketplaceDoor } from '@/features/onboarding/components/marketplace-door';
import { doorText, loadDoorStrings } from '@/features/onboarding/utils/door-text';
import { currentHostname } from '@/lib/host';
import { storedLanguage } from '@/lib/language';
import { startSharedComponents } from './startup/shared-components';

/**
 * The public door (`/bli-partner` for a visitor): React, the door and one RPC call — no router, no
 * auth client, no i18next, no assistant or analytics (scripts/budget.mjs holds it to 90 KiB gzip of JS).
 */
export async function startDoor(root: Root, container: HTMLElement) {
  // The request starts before the strings and the first render, so the page waits for one round trip.
  const result: Promise<DoorResult> = fetchDoor(currentHostname()).then(
    (door) => ({ ok: true, door }),
    () => ({ ok: false }),
  );
  const language = storedLanguage();
  const strings = await loadDoorStrings(language);
  startSharedComponents();
  document.documentElement.lang = language;
  container.dataset.routeName = 'onboarding-marketplace-join';
  root.render(
    <StrictMode>
      <main id="main">
        <MarketplaceDoor
          result={result}
          t={doorText(strings, language)}
          search={new URLSearchParams(window.location.search)}
        />
      </main>
    </StrictMode>,
  );
}
