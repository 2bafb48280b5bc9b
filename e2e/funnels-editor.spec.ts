import { expect, test } from './fixtures';
import { expectNoAxeViolationsAtWidths } from './support/a11y';
import { admin } from './support/admin';

/*
 * The funnel editor on the local stack: the demo member creates a funnel from the standard template,
 * sees the map of its paths, finds the pre-launch check refusing the offers without a product, picks
 * the seeded form, checkout and products, and publishes. axe at 360 and 1280 px. The funnel is
 * deleted afterwards.
 */

const CONTACT_FORM = 'cf000000-0000-4000-8000-000000000001';
const DEMO_CHECKOUT = 'cf100000-0000-4000-8000-000000000010';

test('a funnel from the template is checked before launch, fixed and published', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const name = `Vårkampanje ${test.info().workerIndex}-${Date.now()}`;
  let funnelId = '';
  try {
    await signInAs(page, 'ola@fjordror.no');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/funnels');
    await page.getByRole('button', { name: 'Ny trakt' }).first().click();
    await page.getByLabel('Navn', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Opprett trakt' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });
    funnelId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect(page).toHaveTitle(`Steg – ${name} · Leadtorget`);

    // The map: the upsell branches into «Ja» (thanks) and «Nei» (the downsell).
    const map = page.getByRole('region', { name: 'Kart over stiene' });
    await expect(map.getByText('Tilbud (Tilbud)')).toBeVisible();
    await expect(map.getByText('Ja:').first()).toBeVisible();
    await expect(map.getByText('Nei:').first()).toBeVisible();

    const check = page.getByRole('region', { name: 'Før du publiserer' });
    await expect(check.getByText('Tilbud: Tilbudet mangler produkt.')).toBeVisible();
    await expect(check.getByRole('button', { name: 'Publiser trakten' })).toBeDisabled();
    await expectNoAxeViolationsAtWidths(page, [360, 1280]);

    const saveStep = async (step: string, field: string, value: { value?: string; label?: string }) => {
      await page.getByRole('button', { name: `Rediger ${step}`, exact: true }).click();
      await expect(page.getByRole('heading', { name: new RegExp(`^${step} \\(`), level: 2 })).toBeVisible();
      await page.getByLabel(field, { exact: true }).selectOption(value);
      await page.getByRole('button', { name: 'Lagre steget' }).click();
      await expect(page.getByText(`${step} er lagret.`, { exact: true })).toBeVisible();
    };
    await saveStep('Opt-in', 'Skjema', { value: CONTACT_FORM });
    await saveStep('Kasse', 'Kasse', { value: DEMO_CHECKOUT });
    await saveStep('Tilbud', 'Produkt', { label: 'Vannlekkasjealarm' });
    await expect(check.getByText('Tilbud: Tilbudet mangler produkt.')).toHaveCount(0);
    await saveStep('Nedsalg', 'Produkt', { label: 'Vannlekkasjealarm' });

    await expect(check.getByText('Trakten er klar til å publiseres.')).toBeVisible();
    await check.getByRole('button', { name: 'Publiser trakten' }).click();
    await expect(
      check.getByText('Trakten er publisert. Endringer du lagrer, vises med en gang.'),
    ).toBeVisible();
    const campaign = await admin
      .from('campaigns')
      .select('published_at')
      .eq('id', funnelId)
      .single()
      .throwOnError();
    expect(campaign.data?.published_at).not.toBeNull();

    await page.getByRole('tab', { name: 'Tall' }).click();
    await expect(page).toHaveTitle(`Tall – ${name} · Leadtorget`);
    await expect(page.getByRole('heading', { name: 'Frafall mellom stegene' })).toBeVisible();
  } finally {
    if (funnelId) await admin.from('campaigns').delete().eq('id', funnelId);
  }
});
