import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, check, createOrganization, createUser, LEADTORGET, write } from './support/admin';
import { CLOSED_DOOR_CONSENT, insertCalendar, osloDay } from './support/calendars';
import { createMember } from './support/marketplace-data';
import { PHONE_390, sidewaysScrollers } from './support/phone';

/*
 * The data screens on a 390 px phone: the list's first row is in the first screenful (the filters
 * fold behind «Filtrer»), nothing scrolls sideways, and the folded filters still filter, with the
 * count of filters in use on the button. /leads, the ledger on /payments and /calendar/list.
 */

test.use({ viewport: PHONE_390 });

/** The element's top and bottom are inside the window as the page first shows (not scrolled). */
async function expectInFirstScreen(page: Page, element: Locator) {
  await expect(element).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE_390.height);
}

async function expectNothingScrollsSideways(page: Page) {
  expect(await sidewaysScrollers(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE_390.width,
  );
}

test('/leads on a phone: the first lead above the fold, «Filtrer (1)» filters', async ({
  page,
  signInAs,
}) => {
  const { id, email, suffix } = await createUser('telefon', 'Tor Telefon');
  const organizationId = await createOrganization(id, `Telefon ${suffix} AS`);
  await write(
    admin
      .from('marketplaces_organizations')
      .insert({ marketplace_id: LEADTORGET, organization_id: organizationId }),
  );
  await check(
    admin
      .from('leads')
      .insert([
        {
          organization_id: organizationId,
          source: 'form',
          name: 'Kari Berg',
          category: 'Tak',
          area: 'Vestland',
        },
        { organization_id: organizationId, source: 'manual', name: 'Ola Vik', category: 'Bad', area: 'Oslo' },
      ])
      .select('id'),
  );
  await signInAs(page, email);

  await page.goto('/leads');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: /^Leads i Telefon/ });
  await expect(table.getByRole('link')).toHaveCount(2);
  await expectInFirstScreen(page, table.getByRole('row').nth(1).getByRole('link'));
  await expectNothingScrollsSideways(page);

  // The search stays in sight; the other fields are folded until «Filtrer» opens them.
  await expect(page.getByRole('searchbox', { name: /Søk/ })).toBeVisible();
  await expect(page.getByLabel('Kategori')).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Filtrer', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Kategori').fill('Tak');
  await page.getByRole('button', { name: 'Bruk filtre' }).click();
  await expect(page).toHaveURL(/category=Tak/);
  await expect(table.getByRole('link')).toHaveCount(1);
  await expect(table.getByRole('link', { name: 'Kari Berg' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filtrer (1)' })).toBeVisible();
  await expectNothingScrollsSideways(page);

  // «Nullstill» in the opened fold brings every lead back and the count goes.
  await page.getByRole('button', { name: 'Filtrer (1)' }).click();
  await page.getByRole('button', { name: 'Nullstill' }).click();
  await expect(table.getByRole('link')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Filtrer', exact: true })).toBeVisible();
});

test('/payments on a phone: the ledger in its tab as cards, its first entry above the fold, «Filtrer (1)» filters', async ({
  page,
  signInAs,
}) => {
  const member = await createMember({ label: 'telefonsaldo', plan: 'tickets', tickets: 3, credits: 40 });
  await signInAs(page, member.email);

  await page.goto('/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Betaling' })).toBeVisible({ timeout: 30_000 });
  await expectNothingScrollsSideways(page);
  // The ledger is a tab of its own, in the URL: its first entry then shows without scrolling.
  await page.getByRole('tab', { name: 'Transaksjoner' }).click();
  await expect(page).toHaveURL(/vis=transaksjoner/);
  const ledger = page.getByRole('table', { name: 'Transaksjoner, nyeste først' });
  const firstEntry = ledger.getByRole('row').nth(1);
  await expect(firstEntry).toContainText('Justering');
  await expectInFirstScreen(page, firstEntry);
  await expectNothingScrollsSideways(page);

  const toggle = page.getByRole('button', { name: 'Filtrer', exact: true });
  await toggle.click();
  await page.getByLabel('Type').selectOption({ label: 'Leads' });
  await expect(page.getByRole('button', { name: 'Filtrer (1)' })).toBeVisible();
  await expect(page).toHaveURL(/vis=transaksjoner&kind=leads/);
  await expect(page.getByText('Ingen transaksjoner passer filtrene.')).toBeVisible();
  await page.getByRole('button', { name: 'Nullstill filtrene' }).first().click();
  await expect(ledger.getByRole('row').nth(1)).toContainText('Justering');
  await expect(page.getByRole('button', { name: 'Filtrer', exact: true })).toBeVisible();
  await expectNothingScrollsSideways(page);
});

test('/calendar/list on a phone: the first calendar above the fold, «Handlinger» in one menu', async ({
  page,
  signInAs,
}) => {
  const { id, email, suffix } = await createUser('kalendertelefon', 'Kai Kalender');
  const organizationId = await createOrganization(id, `Kalender ${suffix} AS`);
  const name = `Julekalender ${suffix}`;
  await insertCalendar({
    organization_id: organizationId,
    name,
    template: 'daily',
    starts_on: osloDay(-1),
    ends_on: osloDay(5),
    consent_text: CLOSED_DOOR_CONSENT,
    published_at: new Date().toISOString(),
  });
  await signInAs(page, email);

  await page.goto('/calendar/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Kalendere' })).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expectInFirstScreen(page, row.getByRole('link', { name }));
  await expectNothingScrollsSideways(page);

  await row.getByRole('button', { name: `Handlinger for ${name}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Forhåndsvis' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Åpne offentlig side' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Kopier lenke' })).toBeVisible();
  await expectNothingScrollsSideways(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(row.getByRole('button', { name: `Handlinger for ${name}` })).toBeFocused();
});
