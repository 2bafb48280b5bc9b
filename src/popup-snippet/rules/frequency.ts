import { osloClock } from './oslo';
import type { Popup, Site } from './types';
import type { VisitorState } from './visitor';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_AFTER_CLOSE_DAYS = 30;

/**
 * The popup's own caps: never after a conversion, not for N days after a close, once a session, and
 * once a page view (closed with «0 days», it may come back on the next page, not a second later on
 * this one, where its delay trigger has long fired).
 */
export function popupMayShowAgain(popup: Popup, state: VisitorState, now: number): boolean {
  const memory = state.popups[popup.id];
  if (!memory) return true;
  if (memory.converted_at !== undefined) return false;
  if (memory.shown_page_view === state.page_views) return false;
  const days = popup.frequency.after_close_days ?? DEFAULT_AFTER_CLOSE_DAYS;
  if (memory.closed_at !== undefined && now - memory.closed_at < days * DAY_MS) return false;
  if (popup.frequency.once_per_session && memory.shown_session === state.sessions) return false;
  return true;
}

/** The site's caps: at most `max_per_session` popups a session and `max_per_day` an Oslo day. */
export function siteAllowsAnother(site: Site, state: VisitorState, now: number): boolean {
  if (state.session_shows >= site.max_per_session) return false;
  const shownToday = state.day === osloClock(now).date ? state.day_shows : 0;
  return shownToday < site.max_per_day;
}
