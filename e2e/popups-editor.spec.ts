import { expect, test } from './fixtures';
import { expectNoAxeViolationsAtWidths } from './support/a11y';
import { admin } from './support/admin';
import { tabTo } from './support/keyboard';

/*
 * The popup editor on the local stack: the demo member opens the seeded «Nyhetsbrev» (docs/popups.md
 * «Demo»), changes variant B's heading and sees it in the preview the snippet draws, adds a scroll
 * trigger and a URL rule, reloads and finds them saved. axe at 360 and 1280 px; the keyboard reaches
 * the controls. The seeded rows are put back afterwards: the demo page and other specs read them.
 */

const NEWSLETTER = 'ce000000-0000-4000-8000-000000000001';
const VARIANT_B = 'ce000000-0000-4000-8000-0000000000b1';
// The preview frames run no scripts of their own (sandboxed), so axe cannot run inside them; the
// popup's own accessibility is the snippet's tests' (tests/popup-snippet/render.test.ts).
const AXE = { exclude: ['iframe[sandbox]'] };

test('the demo member edits the newsletter popup: heading, trigger and URL rule are saved', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(180_000);
  const popup = (
    await admin.from('popups').select('triggers, targeting').eq('id', NEWSLETTER).single().throwOnError()
  ).data;
  const variant = (
    await admin.from('popup_variants').select('content').eq('id', VARIANT_B).single().throwOnError()
  ).data;
  try {
    await signInAs(page, 'ola@fjordror.no');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/popups/edit/${NEWSLETTER}`);
    await expect(page.getByRole('heading', { name: 'Nyhetsbrev', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveTitle(/Rediger popup/);

    await page.getByRole('tab', { name: 'Variant B' }).click();
    await page.getByLabel('Overskrift', { exact: true }).fill('Frost i rørene?');
    // The preview is the snippet's own popup, in a phone's and a computer's frame.
    for (const device of ['Mobil (360 px bred)', 'PC (1280 px bred)'])
      await expect(
        page.frameLocator(`iframe[title="${device}"]`).getByRole('heading', { level: 2 }),
      ).toHaveText('Frost i rørene?');
    await expect(page.getByText('Lagret', { exact: true })).toBeVisible({ timeout: 30_000 });

    await expectNoAxeViolationsAtWidths(page, [360, 1280], AXE);
    await page.screenshot({ path: test.info().outputPath('editor-1280.png'), fullPage: true });
    // From the name field, Tab reaches the variant's fields and the consent texts.
    await page.getByLabel('Navn på popupen').focus();
    await tabTo(page, page.getByRole('button', { name: 'Fordel likt' }));
    await tabTo(page, page.getByLabel('Overskrift etter påmelding'), 80);
    await tabTo(page, page.getByLabel('Samtykke til markedsføring (valgfritt)'), 80);

    await page.getByRole('tab', { name: 'Utløsere' }).click();
    await page.getByRole('button', { name: 'Legg til utløser' }).click();
    await page.getByRole('menuitem', { name: 'Når besøkende har scrollet' }).click();
    await expect(page.getByText(/eller når besøkende har scrollet 50 % av siden/)).toBeVisible();
    await expect(page.getByText('Lagret', { exact: true })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('tab', { name: 'Målretting' }).click();
    await page.getByRole('button', { name: 'Legg til side' }).click();
    await page.getByLabel('Adresse').fill('/bad');
    await expect(page.getByText(/Vises på sider som begynner med \/bad/)).toBeVisible();
    await expect(page.getByText('Lagret', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expectNoAxeViolationsAtWidths(page, [360, 1280], AXE);

    await page.reload();
    await expect(page.getByLabel('Adresse')).toHaveValue('/bad', { timeout: 30_000 });
    await page.getByRole('tab', { name: 'Utløsere' }).click();
    await expect(page.getByRole('listitem', { name: 'Utløser 2' })).toContainText(
      'Når besøkende har scrollet',
    );
    await page.getByRole('tab', { name: 'Innhold' }).click();
    await page.getByRole('tab', { name: 'Variant B' }).click();
    await expect(page.getByLabel('Overskrift', { exact: true })).toHaveValue('Frost i rørene?');
  } finally {
    await admin
      .from('popups')
      .update({ triggers: popup.triggers, targeting: popup.targeting })
      .eq('id', NEWSLETTER)
      .throwOnError();
    await admin
      .from('popup_variants')
      .update({ content: variant.content })
      .eq('id', VARIANT_B)
      .throwOnError();
  }
});

test('the newsletter’s sites and results at 390 px: its site ticked with the tag, the figures and an A/B verdict', async ({
  page,
  signInAs,
}) => {
  await signInAs(page, 'ola@fjordror.no');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/popups/edit/${NEWSLETTER}?section=sites`);
  await expect(page.getByRole('checkbox', { name: /localhost/ })).toBeChecked({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Kopier koden' }).first()).toBeVisible();
  await expectNoAxeViolationsAtWidths(page, [390], AXE);

  await page.getByRole('tab', { name: 'Resultater' }).click();
  await expect(page.getByRole('heading', { name: 'A/B-test' })).toBeVisible({ timeout: 30_000 });
  // Six weeks of seeded figures for two headings: a verdict sentence, never a bare number.
  await expect(
    page
      .getByText(/For tidlig å si|konverterer best|forskjellen er for liten|kan fortsatt være tilfeldig/)
      .first(),
  ).toBeVisible();
  await expectNoAxeViolationsAtWidths(page, [390], AXE);
});
