import type { Page } from '@playwright/test';
import { hash } from '../src/popup-snippet/rules/variant';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, check, write } from './support/admin';
import { openShadowRoots, popupOrganization, popupSite, popupTotals, publishedPopup } from './support/popups';

/*
 * The popups' site snippet on a customer's plain pages (127.0.0.1, the organization's registered
 * site) against the local stack: the built `/embed/popups.js`, the real `popup_site_config`,
 * `record_popup_events` and `popup_signup`. Each test has an organization, site and popups of its own.
 */

// The engine refuses a sign-up sent within 3 s of showing the popup (a bot's speed).
const HUMAN_PAUSE_MS = 3_100;
// Long enough past a popup's delay that one which was going to show has shown.
const PAST_THE_DELAY_MS = 2_000;

/** Opens `url` and waits until the snippet has read its site's popups. */
async function visit(page: Page, url: string) {
  const config = page.waitForResponse((response) => response.url().includes('/rpc/popup_site_config'));
  await page.goto(url);
  await config;
}

/** Whether the focused element is inside the popup (its host, seen from the page). */
const focusInPopup = (page: Page) =>
  page.evaluate(() => document.activeElement?.hasAttribute('data-leadtorget-popup') ?? false);

test.beforeEach(async ({ page }) => {
  await openShadowRoots(page);
});

test('after its delay the popup is a dialog that holds focus and gives it back; Escape closes it, it stays away, its view and close are counted', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const organization = await popupOrganization();
  const popup = await publishedPopup(organization, {
    name: 'Nyhetsbrev',
    type: 'modal',
    triggers: [{ kind: 'delay', seconds: 1 }],
    variants: [{ label: 'A', weight: 100, heading: 'Få rørtips hver måned' }],
  });
  const site = await popupSite(organization.siteKey);
  try {
    // The page's clock stands still until the visitor is on the link, so the popup's delay cannot run
    // out before (on a busy machine it did, and the test's own focus then took the popup's). Installed
    // alone, the fake clock still runs with the real one: it is paused as well.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1_000);
    await visit(page, `${site.url}/`);
    await page.locator('.vis-tilbud').focus();
    const dialog = page.getByRole('dialog', { name: 'Få rørtips hver måned' });
    await expect(dialog).toBeHidden();
    await page.clock.runFor(1_500);
    await expect(dialog).toBeVisible();
    // Time runs again (animation frames too, which the axe check waits on).
    await page.clock.resume();
    await expect(dialog.getByRole('textbox', { name: 'E-postadresse' })).toBeFocused();
    await expect(dialog).toContainText('Ved å melde deg på godtar du');
    await expectNoAxeViolations(page);

    // Tab and Shift+Tab go round inside the dialog, never to the page behind it.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInPopup(page), `focus stays in the popup after ${key}`).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('.vis-tilbud')).toBeFocused();

    // Closed: not again for 30 days, on this page or the next.
    await visit(page, `${site.url}/tjenester`);
    await page.waitForTimeout(PAST_THE_DELAY_MS);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto('about:blank');
    await expect.poll(() => popupTotals(popup.id)).toMatchObject({ views: 1, closes: 1, conversions: 0 });
  } finally {
    site.server.close();
  }
});

test('a sign-up at 390 px: a wrong address is said at the field and kept, then the code shows, the lead is there (source popup) and the popup never comes back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const organization = await popupOrganization();
  const popup = await publishedPopup(organization, {
    name: 'Rabattkode',
    type: 'modal',
    triggers: [{ kind: 'delay', seconds: 1 }],
    variants: [{ label: 'A', weight: 100, heading: 'Få 10 % på første service', discountCode: 'RØR10' }],
  });
  const site = await popupSite(organization.siteKey);
  try {
    await visit(page, `${site.url}/`);
    await expect(page.getByRole('dialog', { name: 'Få 10 % på første service' })).toBeVisible();
    // Named by its heading, which becomes the thanks.
    const dialog = page.getByRole('dialog');
    const field = dialog.getByRole('textbox', { name: 'E-postadresse' });
    await field.fill('kari@');
    await dialog.getByRole('button', { name: 'Meld meg på' }).click();
    await expect(dialog).toContainText('Skriv inn en gyldig e-postadresse.');
    await expect(field).toHaveValue('kari@');
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    const email = `kari.${organization.organizationId.slice(0, 8)}@example.no`;
    await field.fill(email);
    await page.waitForTimeout(HUMAN_PAUSE_MS);
    await dialog.getByRole('button', { name: 'Meld meg på' }).click();
    await expect(dialog.getByRole('heading', { name: 'Takk for påmeldingen!' })).toBeFocused();
    await expect(dialog).toContainText('RØR10');
    await expectNoAxeViolations(page);

    const lead = await check(
      admin
        .from('leads')
        .select('source, campaign_id')
        .eq('organization_id', organization.organizationId)
        .eq('email', email)
        .single(),
    );
    expect(lead).toEqual({ source: 'popup', campaign_id: popup.id });
    await expect.poll(async () => (await popupTotals(popup.id)).conversions).toBe(1);

    // Signed up: never again, even after closing the thanks.
    await page.keyboard.press('Escape');
    await visit(page, `${site.url}/tjenester`);
    await page.waitForTimeout(PAST_THE_DELAY_MS);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    site.server.close();
  }
});

test('exit intent: the offer waits while the visitor reads and slides in when the pointer leaves through the top', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const organization = await popupOrganization();
  await publishedPopup(organization, {
    name: 'Exit-tilbud',
    type: 'slide_in',
    triggers: [{ kind: 'exit_intent' }],
    variants: [{ label: 'A', weight: 100, heading: 'Før du går: 10 % på service' }],
  });
  const site = await popupSite(organization.siteKey);
  try {
    await visit(page, `${site.url}/`);
    await page.mouse.move(640, 400);
    await page.waitForTimeout(PAST_THE_DELAY_MS);
    const offer = page.getByRole('region', { name: 'Før du går: 10 % på service' });
    await expect(offer).toHaveCount(0);

    await page.mouse.move(640, 5, { steps: 5 });
    await page.mouse.move(640, -20, { steps: 2 });
    await expect(offer).toBeVisible();
    // A slide-in lets the page be: focus is not taken from it.
    expect(await focusInPopup(page)).toBe(false);
    await expectNoAxeViolations(page);
  } finally {
    site.server.close();
  }
});

test('an A/B test splits visitors by their id and keeps each on their variant', async ({ browser }) => {
  const organization = await popupOrganization();
  // Room for a second showing in the same session, so a return visit can show which variant it gets.
  await write(
    admin.from('popup_sites').update({ max_per_session: 5, max_per_day: 5 }).eq('id', organization.siteId),
  );
  const popup = await publishedPopup(organization, {
    name: 'A/B',
    type: 'modal',
    triggers: [{ kind: 'delay', seconds: 1 }],
    frequency: { after_close_days: 0, once_per_session: false },
    variants: [
      { label: 'A', weight: 50, heading: 'Variant A: rørtips' },
      { label: 'B', weight: 50, heading: 'Variant B: spar på service' },
    ],
  });
  // Visitor ids the snippet's pick puts in A and in B (the hash of `<visitor>:<popup>` under 50 is A).
  const visitorIn = (label: 'A' | 'B') => {
    for (let n = 0; ; n++) {
      const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      if (hash(`${id}:${popup.id}`) % 100 < 50 === (label === 'A')) return id;
    }
  };
  const site = await popupSite(organization.siteKey);
  try {
    for (const label of ['A', 'B'] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await openShadowRoots(page);
      const visitor = visitorIn(label);
      await page.addInitScript((id) => {
        crypto.randomUUID = () => id as `${string}-${string}-${string}-${string}-${string}`;
      }, visitor);
      const heading = popup.variants.find((variant) => variant.label === label)!.heading;
      for (const path of ['/', '/tjenester']) {
        await visit(page, `${site.url}${path}`);
        await expect(page.getByRole('dialog', { name: heading }), `${label} on ${path}`).toBeVisible();
        await page.keyboard.press('Escape');
      }
      // Leaving the page sends its views; the context stays open until they are counted.
      await page.goto('about:blank');
      const variantId = popup.variants.find((variant) => variant.label === label)!.id;
      await expect
        .poll(async () =>
          (await popupTotals(popup.id)).rows
            .filter((row) => row.variant_id === variantId)
            .reduce((sum, row) => sum + row.views, 0),
        )
        .toBe(2);
      await context.close();
    }
    // Each visitor's views went to their own variant only.
    const { views } = await popupTotals(popup.id);
    expect(views).toBe(4);
  } finally {
    site.server.close();
  }
});

test('a single-page app: a route change is a new page, and a popup for the bathroom page shows there only', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const organization = await popupOrganization();
  await publishedPopup(organization, {
    name: 'Baderom',
    type: 'slide_in',
    triggers: [{ kind: 'delay', seconds: 1 }],
    targeting: { urls: { include: [{ match: 'contains', value: 'side=bad' }] } },
    variants: [{ label: 'A', weight: 100, heading: 'Nytt bad? Få en gratis befaring' }],
  });
  const site = await popupSite(organization.siteKey);
  try {
    await visit(page, `${site.url}/app`);
    await page.waitForTimeout(PAST_THE_DELAY_MS);
    const offer = page.getByRole('region', { name: 'Nytt bad? Få en gratis befaring' });
    await expect(offer).toHaveCount(0);
    await page.getByRole('link', { name: 'Baderom' }).click();
    await expect(page).toHaveURL(/side=bad/);
    await expect(offer).toBeVisible();
  } finally {
    site.server.close();
  }
});

test('a bar shows without moving the page (no layout shift) and keeps its field beside its text at 1280 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const organization = await popupOrganization();
  await publishedPopup(organization, {
    name: 'Kunngjøring',
    type: 'bar_top',
    triggers: [{ kind: 'delay', seconds: 1 }],
    variants: [{ label: 'A', weight: 100, heading: 'Julestengt 24.–26. desember' }],
  });
  const site = await popupSite(organization.siteKey);
  try {
    await visit(page, `${site.url}/`);
    const bar = page.getByRole('region', { name: 'Julestengt 24.–26. desember' });
    await expect(bar).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const heading = await bar.getByRole('heading').boundingBox();
    const field = await bar.getByRole('textbox', { name: 'E-postadresse' }).boundingBox();
    expect(field!.y, 'the field sits on the heading’s line').toBeLessThan(heading!.y + heading!.height);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    await expectNoAxeViolations(page);
  } finally {
    site.server.close();
  }
});
