import { expect, test } from './fixtures';
import {
  describeVisit,
  openVisit,
  overflowingElements,
  routeVisits,
  sidewaysOverflow,
} from './support/route-visits';

/*
 * Every real route fits the window from a small phone (360 px) through a tablet (768) to a laptop
 * (1280): the page never scrolls sideways (issue 15, point 4). Wide content (tables) scrolls inside
 * its own region, never the page.
 */

const WIDTHS = [360, 768, 1280] as const;

for (const visit of routeVisits) {
  test(`${describeVisit(visit)} does not scroll sideways at ${WIDTHS.join(', ')} px`, async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await openVisit(page, signInAs, visit);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      // Layout follows the resize on the next frame.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const overflow = await sidewaysOverflow(page);
      expect.soft(overflow, `${width} px wide: ${JSON.stringify(await overflowingElements(page))}`).toBe(0);
    }
  });
}
