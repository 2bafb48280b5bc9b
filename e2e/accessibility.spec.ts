import { test } from './fixtures';
import { expectNoSeriousViolations } from './support/a11y';
import { checkAtWidths, describeVisit, routeVisits } from './support/route-visits';

/*
 * axe on every real route at a phone (390 px) and a laptop (1280 px) width: no serious or critical
 * WCAG 2.1 A/AA violation. The narrow width shows the navigation menu button instead of
 * the side bar, so both layouts are checked.
 */

const WIDTHS = [390, 1280] as const;

for (const visit of routeVisits) {
  test(`${describeVisit(visit)} has no serious axe violation at ${WIDTHS.join(' and ')} px`, async ({
    page,
    signInAs,
  }) => {
    await checkAtWidths(page, signInAs, visit, WIDTHS, (width) =>
      test.step(`${width} px`, () => expectNoSeriousViolations(page, { tags: ['wcag22aa'] })),
    );
  });
}
