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

/** The phone the data screens are checked on (a common size; PHONE is the smallest). */
export const PHONE_390 = { width: 390, height: 844 };

/**
 * Every element that scrolls sideways: overflow auto or scroll on the x axis and content wider than
 * its box (tag, class and text, for the failure message). A page that fits a phone has none.
 */
export function sidewaysScrollers(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => {
        const overflow = getComputedStyle(element).overflowX;
        return (overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth;
      })
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.className}"> ${element.textContent?.trim().slice(0, 40)}`,
      ),
  );
}
