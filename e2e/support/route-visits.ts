import { expect, type Page } from '@playwright/test';
import type { SignInAs } from '../fixtures';
import { APP_URL as MARKETPLACE_HOST } from './hosts';
import type { RouteVisit } from './route-list';

export { describeVisit, routeVisits, type RouteVisit } from './route-list';

/**
 * Signs in as the visit says, opens the route and waits until it has settled: the route rendered
 * and its data arrived (tables and lists decide the width).
 */
export async function openVisit(page: Page, signInAs: SignInAs, visit: RouteVisit) {
  if (visit.as) await signInAs(page, visit.as);
  await page.goto((visit.host ?? MARKETPLACE_HOST) + visit.url);
  await page
    .locator(visit.name ? `#root[data-route-name="${visit.name}"]` : '#root[data-route-name]')
    .waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  // Buttons that are working show aria-busy; a screen still loading its rows shows it too.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 5_000 });
}

/**
 * Opens the visit at the first of `widths`, then for each width resizes the window, lets the layout
 * follow (next frame) and runs `check`: one sign-in and one load per route for all widths.
 */
export async function checkAtWidths(
  page: Page,
  signInAs: SignInAs,
  visit: RouteVisit,
  widths: readonly number[],
  check: (width: number) => Promise<void>,
) {
  await page.setViewportSize({ width: widths[0] ?? 1280, height: 800 });
  await openVisit(page, signInAs, visit);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await check(width);
  }
}

/** How far the page reaches past the window's right edge, in CSS px (0 when nothing scrolls sideways). */
export async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return Math.max(0, scroller.scrollWidth - window.innerWidth);
  });
}

/** The widest elements that stick out past the right edge: what to fix when a width fails. */
export async function overflowingElements(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.right <= width + 1 || rect.width === 0) continue;
      const parent = element.parentElement?.getBoundingClientRect();
      // Only where it starts: an element whose parent already sticks out is not news.
      if (parent && parent.right > width + 1) continue;
      const classes = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
      found.push(
        `${element.tagName.toLowerCase()}${classes ? '.' + classes : ''} right=${Math.round(rect.right)}`,
      );
    }
    return found.slice(0, 8);
  });
}
