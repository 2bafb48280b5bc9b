import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, check, uniqueSuffix } from './support/admin';

/*
 * The popups list against the local stack, as Fjord Rør's demo member: the seeded popups with their
 * figures, a popup from the «Rabattkode» template (into the editor), a duplicate, pausing a published
 * popup (and resuming it, so the demo stays as seeded), a site registered from a pasted address with
 * its tag copied, and axe on the list at 360 px.
 */

const NEWSLETTER = 'ce000000-0000-4000-8000-000000000001';
const DISCOUNT = 'ce000000-0000-4000-8000-000000000002';
const number = (value: number) => new Intl.NumberFormat('nb-NO').format(value);

test('the demo member lists, creates, duplicates and pauses popups and registers a site', async ({
  page,
  context,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, 'ola@fjordror.no');
  const suffix = uniqueSuffix();
  const rowOf = (name: string) =>
    page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

  await test.step('the seeded popups with their figures', async () => {
    const stats = await check(
      admin.from('popup_stats').select('views, conversions').eq('popup_id', NEWSLETTER),
    );
    const views = stats.reduce((sum, row) => sum + row.views, 0);
    const conversions = stats.reduce((sum, row) => sum + row.conversions, 0);
    await page.goto('/popups');
    await expect(page.getByRole('heading', { name: 'Popups', level: 1 })).toBeVisible({ timeout: 30_000 });
    const row = rowOf('Nyhetsbrev');
    await expect(row.getByText('Aktiv')).toBeVisible();
    await expect(row.getByRole('cell', { name: number(views), exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: number(conversions), exact: true })).toBeVisible();
    await expect(row.getByText('localhost')).toBeVisible();
    const rate = new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    await expect(
      row.getByRole('cell', { name: `${rate.format((conversions / views) * 100)} %` }),
    ).toBeVisible();
    await expect(rowOf('Rabatt ved exit').getByText('Aktiv')).toBeVisible();
  });

  await test.step('«Rabattkode» from the templates lands in the editor', async () => {
    await page.getByRole('button', { name: 'Ny popup' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ny popup' });
    await dialog.getByRole('radio', { name: 'Rabattkode' }).check();
    await dialog.getByLabel('Navn på popupen').fill(`Rabattkode ${suffix}`);
    await dialog.getByRole('button', { name: 'Lag popup' }).click();
    await expect(page).toHaveURL(/\/popups\/edit\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const id = /edit\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    const [variant] = await check(
      admin.from('popup_variants').select('discount_code, content').eq('popup_id', id),
    );
    expect(variant?.discount_code).toBe('VELKOMMEN10');
    const [popup] = await check(admin.from('popups').select('type, triggers').eq('id', id));
    expect(popup).toEqual({ type: 'slide_in', triggers: [{ kind: 'scroll', percent: 40 }] });
  });

  await test.step('duplicates a popup', async () => {
    await page.goto('/popups');
    await page.getByRole('button', { name: `Handlinger for Rabattkode ${suffix}` }).click();
    await page.getByRole('menuitem', { name: 'Dupliser' }).click();
    await expect(page).toHaveURL(/\/popups\/edit\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.goto('/popups');
    await expect(rowOf(`Rabattkode ${suffix} (kopi)`).getByText('Utkast')).toBeVisible({ timeout: 30_000 });
  });

  await test.step('pauses a published popup, then resumes it', async () => {
    await page.getByRole('button', { name: 'Handlinger for Rabatt ved exit' }).click();
    await page.getByRole('menuitem', { name: 'Sett på pause' }).click();
    await expect(rowOf('Rabatt ved exit').getByText('Pauset')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Handlinger for Rabatt ved exit' }).click();
    await page.getByRole('menuitem', { name: 'Start igjen' }).click();
    await expect(rowOf('Rabatt ved exit').getByText('Aktiv')).toBeVisible({ timeout: 30_000 });
    const [popup] = await check(admin.from('popups').select('paused_at').eq('id', DISCOUNT));
    expect(popup?.paused_at).toBeNull();
  });

  await test.step('registers a site from a pasted address and copies its tag', async () => {
    const domain = `www.fjordror-${suffix}.no`;
    await page.getByRole('button', { name: 'Registrer nettsted' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrer nettsted' });
    await dialog.getByLabel('Domene', { exact: true }).fill(`https://${domain}/kontakt`);
    await dialog.getByRole('button', { name: 'Registrer nettsted' }).click();
    await expect(dialog).toBeHidden();
    const [site] = await check(admin.from('popup_sites').select('site_key').eq('domain', domain));
    const tag = `<script async src="${new URL(page.url()).origin}/embed/popups.js" data-site="${site?.site_key}"></script>`;
    await expect(page.getByText(tag, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Kopier koden for ${domain}` }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(tag);
    await admin.from('popup_sites').delete().eq('domain', domain).throwOnError();
  });

  await test.step('axe on the list at 360 px', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/popups');
    await expect(page.getByRole('link', { name: 'Nyhetsbrev', exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expectNoAxeViolations(page, { tags: ['wcag22aa'] });
    await page.getByRole('button', { name: 'Ny popup' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Ny popup' })).toBeVisible();
    await expectNoAxeViolations(page, { tags: ['wcag22aa'] });
  });
});
