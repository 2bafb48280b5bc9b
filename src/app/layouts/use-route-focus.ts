import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Puts the focus on the page's heading (the first h1 in <main>, made focusable), or on <main> when the
 * screen has none; a screen reader then starts reading the new page, and a keyboard user's next Tab
 * goes into it.
 */
export function focusPageHeading() {
  const main = document.getElementById('main');
  const heading = main?.querySelector<HTMLElement>('h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
  } else {
    main?.focus();
  }
}

/**
 * After every route change (not the first load, where the browser's own start is right), the focus
 * moves to the new page's heading and a polite live region announces the page's title. Returns the
 * text for that live region.
 */
export function useRouteFocus(): string {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // After the new screen has painted: its heading exists and the document title is the new one.
    const frame = requestAnimationFrame(() => {
      focusPageHeading();
      setAnnouncement(document.title);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return announcement;
}
