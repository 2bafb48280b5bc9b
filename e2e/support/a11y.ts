import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

// The axe-core that @axe-core/playwright itself runs (its dependency, not ours).
const axeSource = (
  createRequire(import.meta.resolve('@axe-core/playwright'))('axe-core') as { source: string }
).source;

declare global {
  interface Window {
    axe?: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> };
  }
}

/**
 * axe's violations on the page as it is now. A page without frames is checked in place with axe.run,
 * axe injected once per document (a second width reuses it); AxeBuilder instead injects axe again on
 * every call and finishes each run in a new blank page, which took about half of each scan's time.
 * A page with frames goes through AxeBuilder, which checks every frame. Only violations are
 * collected (`resultTypes`): axe then keeps one example of each pass, which is all the run is for.
 */
export async function axeViolations(page: Page, tags: string[], exclude: string[], disable: string[] = []) {
  const options: RunOptions = {
    runOnly: { type: 'tag', values: tags },
    resultTypes: ['violations'],
    ...(disable.length > 0 && { rules: Object.fromEntries(disable.map((id) => [id, { enabled: false }])) }),
  };
  if (page.frames().length > 1) {
    let builder = new AxeBuilder({ page }).options(options);
    for (const selector of exclude) builder = builder.exclude(selector);
    return (await builder.analyze()).violations;
  }
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    ({ context, options }) => {
      if (!window.axe) throw new Error('axe did not load');
      return window.axe.run(context, options);
    },
    { context: { exclude: exclude.map((selector) => [selector]) }, options },
  );
  return results.violations;
}

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
  const violations = await axeViolations(
    page,
    ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', ...(options.tags ?? [])],
    // A toast on its way out fades; what is leaving is not checked.
    ['li[data-swipe-direction][data-state="closed"]', ...(options.exclude ?? [])],
  );
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
