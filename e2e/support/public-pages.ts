import type { Frame, Page } from '@playwright/test';

/**
 * Texts of a public page that sit on its ground (`[data-public-page]`, which may be the organization's
 * picture) instead of on an opaque panel. axe cannot judge contrast over an image, so the rule is
 * structural: every visible text has an ancestor with an opaque background colour below the ground.
 * Returns the offending texts (empty when all is well).
 */
export function textsOffPanels(scope: Page | Frame): Promise<string[]> {
  return scope.evaluate(() => {
    const opaque = (element: Element) => {
      const match = /rgba?\(([^)]+)\)/.exec(getComputedStyle(element).backgroundColor);
      const alpha = match?.[1]?.split(',')[3];
      return Boolean(match) && (alpha === undefined || Number(alpha) === 1);
    };
    const offending: string[] = [];
    const ground = document.querySelector('[data-public-page]');
    if (!ground) return ['no [data-public-page] on the page'];
    const walker = document.createTreeWalker(ground, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.getClientRects().length === 0) continue;
      if (getComputedStyle(parent).visibility === 'hidden') continue;
      let onPanel = false;
      for (
        let element: Element | null = parent;
        element && element !== ground;
        element = element.parentElement
      ) {
        if (opaque(element)) {
          onPanel = true;
          break;
        }
      }
      if (!onPanel) offending.push(text);
    }
    return offending;
  });
}

/** Whether the page's ground reaches the bottom of the window (a short page's background fills it). */
export function groundFillsWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const ground = document.querySelector('[data-public-page]');
    return Boolean(ground) && (ground?.getBoundingClientRect().height ?? 0) >= window.innerHeight;
  });
}
