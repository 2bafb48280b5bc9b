import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import {
  checkAtWidths,
  describeVisit,
  overflowingElements,
  routeVisits,
  sidewaysOverflow,
} from './support/route-visits';

/*
 * Every real route, in one visit each (the route's name is checked as it settles):
 * - it fits the window from a small phone (360 px) through a tablet (768) to a laptop (1280): the page
 *   never scrolls sideways; wide content (tables) scrolls inside its own region, never the page;
 * - axe finds no violation (WCAG 2.2 A/AA and best practices, any impact) at a phone (390 px) and a laptop (1280 px)
 *   width — the narrow one shows the navigation menu button instead of the side bar, so both layouts
 *   are checked.
 */

const WIDTHS = [360, 390, 768, 1280] as const;
const AXE_WIDTHS: readonly number[] = [390, 1280];

for (const visit of routeVisits) {
  test(`${describeVisit(visit)} fits ${WIDTHS.join(', ')} px and has no axe violation`, async ({
    page,
    signInAs,
  }) => {
    await checkAtWidths(page, signInAs, visit, WIDTHS, async (width) => {
      const overflow = await sidewaysOverflow(page);
      expect.soft(overflow, `${width} px wide: ${JSON.stringify(await overflowingElements(page))}`).toBe(0);
      if (AXE_WIDTHS.includes(width))
        await test.step(`axe at ${width} px`, () => expectNoAxeViolations(page, { tags: ['wcag22aa'] }));
    });
  });
}
