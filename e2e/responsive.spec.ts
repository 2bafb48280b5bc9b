import { expect, test } from './fixtures';
import {
  checkAtWidths,
  describeVisit,
  overflowingElements,
  routeVisits,
  sidewaysOverflow,
} from './support/route-visits';

/*
 * Every real route fits the window from a small phone (360 px) through a tablet (768) to a laptop
 * (1280): the page never scrolls sideways. Wide content (tables) scrolls inside
 * its own region, never the page.
 */

const WIDTHS = [360, 768, 1280] as const;

for (const visit of routeVisits) {
  test(`${describeVisit(visit)} does not scroll sideways at ${WIDTHS.join(', ')} px`, async ({
    page,
    signInAs,
  }) => {
    await checkAtWidths(page, signInAs, visit, WIDTHS, async (width) => {
      const overflow = await sidewaysOverflow(page);
      expect.soft(overflow, `${width} px wide: ${JSON.stringify(await overflowingElements(page))}`).toBe(0);
    });
  });
}
