import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Runs axe (WCAG 2.x A/AA rules and axe's best practices) on the page as it is now and fails on any
 * violation, whatever its impact, listing each rule with the elements it found. Waits for running animations first: a
 * dialog fading in is half transparent, and axe would measure its contrast mid-fade.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { exclude?: string[]; tags?: string[] } = {},
) {
  // Twice, a frame apart: a notice that a save has just raised starts its animation a frame later.
  for (let round = 0; round < 2; round++) {
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
  }
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
    ...(options.tags ?? []),
  ]);
  // A toast on its way out fades; what is leaving is not checked.
  builder = builder.exclude('li[data-swipe-direction][data-state="closed"]');
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const found = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ') + ' ' + (node.any[0]?.message ?? '')),
  }));
  expect(found, `axe found violations on ${page.url()}`).toEqual([]);
}

/**
 * axe at a phone's and a laptop's width (the narrow one shows the navigation menu button instead of
 * the side bar), for a screen only a journey reaches; the window is left at the last width.
 */
export async function expectNoAxeViolationsAtWidths(
  page: Page,
  widths: readonly number[] = [390, 1280],
  options: { exclude?: string[]; tags?: string[] } = {},
) {
  const height = page.viewportSize()?.height ?? 800;
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    // The layout follows the new width on the next frame.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await test.step(`axe at ${width} px`, () => expectNoAxeViolations(page, options));
  }
}
