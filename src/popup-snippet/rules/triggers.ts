import type { Trigger } from './types';

/** What the page has observed since it opened (a route change in a single-page app opens a new page). */
export type Signals = {
  /** Milliseconds since the page opened. */
  elapsedMs: number;
  /** The deepest the visitor has scrolled on this page, 0–100. */
  scrollPercent: number;
  /** The visitor looked like leaving: the pointer out through the top, a fast scroll up, «back». */
  exitIntent: boolean;
  /** Milliseconds since the last input (pointer, key, scroll, touch). */
  idleMs: number;
  /** The trigger selectors the visitor has clicked on this page. */
  clicked: ReadonlySet<string>;
  /** The visitor's page views on the site, this one included. */
  pageViews: number;
  /** The visitor's sessions on the site, this one included. */
  sessions: number;
};

export function triggerFires(trigger: Trigger, signals: Signals): boolean {
  switch (trigger.kind) {
    case 'delay':
      return signals.elapsedMs >= trigger.seconds * 1000;
    case 'scroll':
      return signals.scrollPercent >= trigger.percent;
    case 'exit_intent':
      return signals.exitIntent;
    case 'inactivity':
      return signals.idleMs >= trigger.seconds * 1000;
    case 'click':
      return signals.clicked.has(trigger.selector);
    case 'page_views':
      return signals.pageViews >= trigger.count;
    case 'sessions':
      return signals.sessions >= trigger.count;
    default:
      return false;
  }
}

/** Any of a popup's triggers fires it; a popup without triggers shows at once. */
export const anyTriggerFires = (triggers: readonly Trigger[], signals: Signals) =>
  triggers.length === 0 || triggers.some((trigger) => triggerFires(trigger, signals));

/** How far down the page the viewport's bottom edge is, 0–100; a page that does not scroll is 100. */
export function scrollPercent(scrollTop: number, viewportHeight: number, pageHeight: number): number {
  const scrollable = pageHeight - viewportHeight;
  if (scrollable <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((scrollTop / scrollable) * 100)));
}

/** Desktop exit intent: the pointer left the window through its top edge (towards the tabs and address bar). */
export const pointerLeftThroughTop = (clientY: number, leftWindow: boolean) => leftWindow && clientY <= 0;

export type ScrollSample = { top: number; at: number };

/**
 * Phone exit intent: a fast scroll up — at least a third of the screen within 400 ms, once the visitor
 * has read past the first screen — the gesture that brings back the address bar to leave.
 */
export function fastScrollUp(previous: ScrollSample, next: ScrollSample, viewportHeight: number): boolean {
  const elapsed = next.at - previous.at;
  const up = previous.top - next.top;
  return previous.top > viewportHeight && elapsed > 0 && elapsed <= 400 && up >= viewportHeight / 3;
}
