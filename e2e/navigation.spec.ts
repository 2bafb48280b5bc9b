import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { APP_URL as MARKETPLACE_HOST, COMPETITION_URL as COMPETITION_HOST } from './support/hosts';

/*
 * The dashboard's navigation (src/app/layouts/app-layout.tsx): the «Meny» drawer on narrow
 * screens, the mark on «Markedsplass» while the payment guard holds a cardless organization on
 * /payments/setup, and the marketplace link on the competition host.
 */

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Hovedmeny' });

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the navigation and the organization sit in the «Meny» drawer, which Escape closes; help and account stay in the header', async ({
    page,
    signInAs,
  }) => {
    await signInAs(page, 'ola@fjordror.no');
    await page.goto('/leads');
    const menuButton = page.getByRole('button', { name: 'Meny', exact: true });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNavigation(page)).toBeHidden();
    await expect(page.getByRole('button', { name: /Hjelp/ })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Konto' })).toBeVisible();

    await menuButton.click();
    // A modal drawer: the page behind it, the menu button included, is hidden from assistive tech.
    const drawer = page.getByRole('dialog', { name: 'Meny' });
    await expect(drawer).toBeVisible();
    await expect(
      drawer.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Leads' }),
    ).toBeVisible();
    await expect(drawer.getByRole('button', { name: /Bytt organisasjon/ })).toContainText('Fjord Rør AS');

    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    await expect(mainNavigation(page)).toBeHidden();
  });

  test("choosing a screen in the menu closes it and puts the focus on the new screen's heading", async ({
    page,
    signInAs,
  }) => {
    await signInAs(page, 'ola@fjordror.no');
    await page.goto('/leads');
    await page.getByRole('button', { name: 'Meny', exact: true }).click();
    await mainNavigation(page).getByRole('link', { name: 'Betaling' }).click();
    await expect(page.locator('#root')).toHaveAttribute('data-route-name', 'payments');
    await expect(page.getByRole('button', { name: 'Meny', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
  });
});

test.describe('on a desktop (1024 and 1280 px)', () => {
  for (const width of [1024, 1280]) {
    test(`${width} px: the navigation is a side bar and the tools one row in the header, with no «Meny»`, async ({
      page,
      signInAs,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signInAs(page, 'ola@fjordror.no');
      await page.goto('/payments');
      await expect(mainNavigation(page).getByRole('link', { name: 'Leads' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Meny', exact: true })).toBeHidden();
      // One row: the switcher and the user menu share a line, inside the header's bar.
      const banner = page.getByRole('banner');
      const header = await banner.boundingBox();
      const switcher = await banner.getByRole('button', { name: /Bytt organisasjon/ }).boundingBox();
      const account = await banner.getByRole('button', { name: 'Konto' }).boundingBox();
      if (!header || !switcher || !account) throw new Error('the header is not laid out');
      expect(Math.abs(account.y + account.height / 2 - (switcher.y + switcher.height / 2))).toBeLessThan(4);
      expect(account.y + account.height).toBeLessThanOrEqual(header.y + header.height);
    });
  }
});

test('an organization without a card sent from «Markedsplass» to /payments/setup sees «Markedsplass» marked', async ({
  page,
  signInAs,
}) => {
  await signInAs(page, 'ingrid@nordlyselektro.no');
  await page.goto('/leads');
  await mainNavigation(page).getByRole('link', { name: 'Markedsplass' }).click();
  await expect(page).toHaveURL(`${MARKETPLACE_HOST}/payments/setup`);
  await expect(mainNavigation(page).getByRole('link', { name: 'Markedsplass' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(mainNavigation(page).getByRole('link', { name: 'Betaling' })).not.toHaveAttribute(
    'aria-current',
    /.+/,
  );
});

test('«Betaling» is marked on /payments/setup when the user went there on their own', async ({
  page,
  signInAs,
}) => {
  await signInAs(page, 'ingrid@nordlyselektro.no');
  await page.goto('/payments/setup');
  await expect(mainNavigation(page).getByRole('link', { name: 'Betaling' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test.describe(`competition host (${COMPETITION_HOST})`, () => {
  test.use({ baseURL: COMPETITION_HOST });

  test('«Markedsplass» leads to the marketplace on its own host, not to «Fant ingen markedsplass»', async ({
    page,
    signInAs,
  }) => {
    await signInAs(page, 'ola@fjordror.no');
    await page.goto('/');
    await expect(page.locator('#root')).toHaveAttribute('data-route-name', 'fyllopp');
    const marketplace = mainNavigation(page).getByRole('link', { name: 'Markedsplass' });
    await expect(marketplace).toHaveAttribute('href', `${MARKETPLACE_HOST}/`);
    // The brand goes to this host's own home (the competitions), not to a marketplace it lacks.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Leadtorget' })).toHaveAttribute(
      'href',
      '/',
    );
    await marketplace.click();
    await expect(page).toHaveURL(`${MARKETPLACE_HOST}/`);
    await expect(page.getByText('Fant ingen markedsplass')).toHaveCount(0);
  });
});
