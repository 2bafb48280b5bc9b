import { popupMayShowAgain, siteAllowsAnother } from './frequency';
import { targetingHolds, type PageContext } from './targeting';
import { anyTriggerFires, type Signals } from './triggers';
import type { Popup, SiteConfig, Variant } from './types';
import { pickVariant } from './variant';
import type { VisitorState } from './visitor';

/** Highest priority first, then the id: the same popup wins on every page. */
const byPriority = (a: Popup, b: Popup) =>
  b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The popups that may show on this page for this visitor if a trigger fires, best first: the snippet
 * listens only for their triggers.
 */
export function candidates(config: SiteConfig, state: VisitorState, page: PageContext): Popup[] {
  const { site } = config;
  if (!site || !siteAllowsAnother(site, state, page.now)) return [];
  return config.popups
    .filter(
      (popup) =>
        popup.variants.length > 0 &&
        targetingHolds(popup.targeting, page) &&
        popupMayShowAgain(popup, state, page.now),
    )
    .sort(byPriority);
}

export type Decision = { popup: Popup; variant: Variant };

/** The popup to show now, if any: never while another is open; the best one whose trigger fired. */
export function decide(
  config: SiteConfig,
  state: VisitorState,
  page: PageContext,
  signals: Signals,
  open: boolean,
): Decision | null {
  if (open) return null;
  const popup = candidates(config, state, page).find((one) => anyTriggerFires(one.triggers, signals));
  const variant = popup && pickVariant(popup, state.visitor, state.popups[popup.id]?.variant);
  return popup && variant ? { popup, variant } : null;
}
