import {
  fastScrollUp,
  pointerLeftThroughTop,
  scrollPercent,
  type ScrollSample,
  type Signals,
} from './rules/triggers';
import type { Device } from './rules/types';

/**
 * Watches the page for the triggers' signals: scrolling, the pointer leaving through the top (a
 * fast scroll up on a phone), input (for inactivity), clicks on the popups' selectors, and route
 * changes in a single-page app (`history.pushState`/`replaceState`, `popstate`). `changed` runs when a
 * signal moved; `routed` when the path or query changed (a new page view).
 */
export function watchPage(options: {
  device: Device;
  selectors: () => string[];
  changed: () => void;
  routed: () => void;
}) {
  let start = Date.now();
  let lastInput = start;
  let deepest = 0;
  let exitIntent = false;
  let clicked = new Set<string>();
  let previous: ScrollSample = { top: window.scrollY, at: start };
  let address = location.pathname + location.search;

  const input = () => {
    lastInput = Date.now();
  };
  const onScroll = () => {
    input();
    const sample = { top: window.scrollY, at: lastInput };
    const viewport = window.innerHeight;
    deepest = Math.max(deepest, scrollPercent(sample.top, viewport, document.documentElement.scrollHeight));
    if (options.device === 'mobile' && fastScrollUp(previous, sample, viewport)) exitIntent = true;
    previous = sample;
    options.changed();
  };
  const onLeave = (event: MouseEvent) => {
    if (pointerLeftThroughTop(event.clientY, !event.relatedTarget)) {
      exitIntent = true;
      options.changed();
    }
  };
  const onClick = (event: Event) => {
    input();
    const target = event.target as Element | null;
    for (const selector of options.selectors()) {
      try {
        if (target?.closest?.(selector)) clicked.add(selector);
      } catch {
        // A selector the browser cannot read matches nothing.
      }
    }
    options.changed();
  };
  const onRoute = () => {
    const next = location.pathname + location.search;
    if (next === address) return;
    address = next;
    start = lastInput = Date.now();
    deepest = 0;
    exitIntent = false;
    clicked = new Set();
    options.routed();
  };

  for (const name of ['pushState', 'replaceState'] as const) {
    const original = history[name].bind(history);
    history[name] = (...args: Parameters<History['pushState']>) => {
      const result = original(...args);
      onRoute();
      return result;
    };
  }
  addEventListener('popstate', onRoute);
  addEventListener('scroll', onScroll, { passive: true });
  document.addEventListener('mouseout', onLeave);
  document.addEventListener('click', onClick, true);
  for (const name of ['pointermove', 'keydown', 'touchstart'])
    addEventListener(name, input, { passive: true });

  return (pageViews: number, sessions: number): Signals => {
    const now = Date.now();
    // A page shorter than the window counts as read to the end without a scroll.
    const current = scrollPercent(window.scrollY, window.innerHeight, document.documentElement.scrollHeight);
    deepest = Math.max(deepest, current);
    return {
      elapsedMs: now - start,
      scrollPercent: deepest,
      exitIntent,
      idleMs: now - lastInput,
      clicked,
      pageViews,
      sessions,
    };
  };
}
