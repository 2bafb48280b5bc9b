import type { Page } from '@playwright/test';

/** A small phone: everything must fit this width without sideways scrolling. */
export const PHONE = { width: 360, height: 740 };

/**
 * What of the page is wider than the window: the window's width, the document's scroll width and the
 * first few elements whose right edge passes it (tag and text, for the failure message).
 */
export function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .map((element) => `<${element.tagName.toLowerCase()}> ${element.textContent?.trim().slice(0, 40)}`);
    return { width, scrollWidth: document.documentElement.scrollWidth, wider: wider.slice(0, 5) };
  });
}
