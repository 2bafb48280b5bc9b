import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, check, createOrganization, createUser, uniqueSuffix, write } from './support/admin';
import { customerSite } from './support/customer-site';
import { waitForMessage } from './support/outbox';

/*
 * The forms area from end to end against the local stack: an organizer builds a two-page form from
 * the NPS template (its rule asks a low score what to do better), caps it at one response in
 * «Innstillinger» and publishes; a visitor fills it in anonymously inside an iframe on a plain page
 * at 390 px and gets the ending; the organizer finds the response in «Svar», its chart's table, the
 * lead in the leads list and the member's e-mail from `form-notifications`. A visitor who opened the
 * form before the cap was reached is refused with «form-full»'s message; a later one sees the closed
 * message. Then the one-question-at-a-time mode at 390 px: keyboard, progress and axe.
 */

const QUOTE_FORM = 'cf000000-0000-4000-8000-000000000002';
const CLOSED_MESSAGE = 'Takk for interessen! Vi har fått svarene vi trenger.';
const FULL_MESSAGE = 'Skjemaet har fått så mange svar som det kan ta imot.';
// The engine refuses a form sent within 3 s of showing it (a bot's speed).
const HUMAN_PAUSE_MS = 3_100;

/** A visitor of their own: a new context without the organizer's session, at a phone's width. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return context.newPage();
}

test('an organizer builds, caps and publishes a form; a visitor answers in an iframe; results, lead and e-mail follow', async ({
  page,
  browser,
  signInAs,
}) => {
  test.setTimeout(360_000);
  const owner = await createUser('skjemaflyt', 'Frida Flyt');
  const organizationId = await createOrganization(owner.id, `Flyt ${owner.suffix} AS`);
  await write(
    admin
      .from('organizations')
      .update({ organization_number: '923609016', contact_email: 'post@flyt.example.no' })
      .eq('id', organizationId),
  );
  await signInAs(page, owner.email);
  const name = `Hvordan var besøket ${owner.suffix}?`;

  await test.step('the organizer builds the form', async () => {
    await page.goto('/forms');
    await expect(page.getByRole('heading', { name: 'Skjemaer', level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Nytt skjema' }).first().click();
    await page.getByLabel('Start fra').selectOption({ label: 'NPS' });
    await page.getByLabel('Navn på skjemaet').fill(name);
    await page.getByRole('button', { name: 'Lag skjema' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Sideskift' }).click();
    await page.getByRole('button', { name: 'Legg til' }).click();
    await page.getByRole('menuitem', { name: 'E-post' }).click();
    await expect(
      page.getByRole('list', { name: 'Spørsmål i skjemaet' }).getByText('Sideskift – side 2 starter her'),
    ).toBeVisible();
    await expect(page.getByText('Lagret', { exact: true })).toBeVisible({ timeout: 30_000 });
  });
  const formId = /forms\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] ?? '';
  expect(formId).not.toBe('');

  await test.step('«Innstillinger»: at most one response, and a closed message', async () => {
    await page.getByRole('tab', { name: 'Innstillinger' }).click();
    await page.getByRole('textbox', { name: 'Høyst antall svar' }).fill('1');
    await page.getByRole('textbox', { name: 'Melding når skjemaet er stengt' }).fill(CLOSED_MESSAGE);
    await page.getByRole('button', { name: 'Lagre innstillingene' }).click();
    await expect(page.getByText('Innstillingene er lagret.', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect
      .poll(async () => (await check(admin.from('forms').select('max_responses').eq('id', formId)))[0])
      .toEqual({ max_responses: 1 });
  });

  await test.step('«Innstillinger»: the consent text, and the organizer told of each response', async () => {
    await page.getByLabel('Samtykketekst').fill('Jeg godtar at Flyt AS lagrer svaret mitt.');
    await page.getByRole('button', { name: 'Lagre samtykket' }).click();
    await expect(page.getByText('Samtykket er lagret.', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Varsle om nye svar')).toHaveValue('each');
    await page.getByRole('group', { name: 'Medlemmer som får varsel' }).getByText(owner.email).click();
    await page.getByRole('button', { name: 'Lagre varslene' }).click();
    await expect(page.getByText('Varslene er lagret.', { exact: true })).toBeVisible({ timeout: 30_000 });
  });

  await test.step('the organizer publishes', async () => {
    await page.getByRole('tab', { name: 'Publisering' }).click();
    await expect(page.getByText('Skjemaet er klart til å publiseres.')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Publiser' }).click();
    await expect(page.getByText('Publisert versjon: 1')).toBeVisible({ timeout: 30_000 });
  });

  // Opened while the form still takes responses: this visitor will send after the cap is reached.
  const late = await visitor(browser);
  await late.goto(`/skjema/${formId}`);
  await expect(late.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });

  const email = `vera.besok.${uniqueSuffix()}@example.no`;
  await test.step('a visitor answers in the iframe at 390 px', async () => {
    const guest = await visitor(browser);
    const site = await customerSite(`/skjema/iframe?id=${formId}`, name);
    try {
      await guest.goto(site.url);
      const frame = guest.frameLocator('iframe[data-leadtorget-form]');
      await expect(frame.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
      // The follow-up is asked only on a low score.
      await expect(frame.getByRole('textbox', { name: /Hva kan vi gjøre bedre\?/ })).toHaveCount(0);
      await frame.getByRole('radio', { name: '3', exact: true }).check();
      await frame.getByRole('textbox', { name: /Hva er den viktigste grunnen/ }).fill('Lang ventetid.');
      await frame
        .getByRole('textbox', { name: /Hva kan vi gjøre bedre\?/ })
        .fill('Svar raskere på telefonen.');
      await frame.getByRole('button', { name: 'Neste' }).click();
      await expect(frame.getByText('Side 2 av 2')).toBeVisible();
      await frame.getByRole('textbox', { name: /E-post/ }).fill(email);
      await frame.getByRole('checkbox').check();
      await guest.waitForTimeout(HUMAN_PAUSE_MS);
      await frame.getByRole('button', { name: 'Send' }).click();
      await expect(frame.getByRole('heading', { name: 'Takk for svaret!' })).toBeVisible({ timeout: 30_000 });
      await expect(frame.getByText('Tilbakemeldingen din hjelper oss å bli bedre.')).toBeVisible();
    } finally {
      site.server.close();
      await guest.context().close();
    }
  });

  await test.step('a submission racing past the cap gets «form-full»’s message; nothing more is stored', async () => {
    await late.getByRole('radio', { name: '9', exact: true }).check();
    await late.getByRole('button', { name: 'Neste' }).click();
    await late.getByRole('textbox', { name: /E-post/ }).fill(`sen.${uniqueSuffix()}@example.no`);
    await late.getByRole('checkbox').check();
    await late.waitForTimeout(HUMAN_PAUSE_MS);
    await late.getByRole('button', { name: 'Send' }).click();
    await expect(late.getByText(FULL_MESSAGE)).toBeVisible({ timeout: 30_000 });
    await late.context().close();
    expect(await check(admin.from('forms_responses').select('id').eq('form_id', formId))).toHaveLength(1);
  });

  await test.step('a visitor after the cap sees the closed message', async () => {
    const after = await visitor(browser);
    await after.goto(`/skjema/${formId}`);
    await expect(after.getByText(CLOSED_MESSAGE)).toBeVisible({ timeout: 30_000 });
    await expect(after.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await after.context().close();
  });

  await test.step('«Svar» lists the response and the score’s chart table', async () => {
    await page.goto(`/forms/${formId}/edit?section=results`);
    const responses = page.getByRole('table', { name: 'Svar på skjemaet, nyeste først' });
    await expect(responses.getByRole('row')).toHaveCount(2, { timeout: 30_000 });
    await expect(responses).toContainText(email);
    const scores = page.getByRole('table', {
      name: 'Svar på «Hvor sannsynlig er det at du vil anbefale oss til en venn eller kollega?»',
    });
    const three = scores.getByRole('row').filter({ has: page.getByRole('cell', { name: '3', exact: true }) });
    await expect(three.getByRole('cell')).toHaveText(['3', '1', '100 %']);
    await expect(page.getByText('1 svar · Snitt: 3 · NPS: −100')).toBeVisible();
  });

  await test.step('the lead is in the leads list with the source «Skjema»', async () => {
    await page.goto('/leads');
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row).toContainText('Skjema');
  });

  await test.step('the chosen member hears of the response by e-mail', async () => {
    const run = await admin.functions.invoke<unknown>('campaign-jobs', {
      body: { job: 'form-notifications' },
    });
    expect(run.error).toBeNull();
    // The scheduler may have sent it already; either way it arrives.
    const notice = await waitForMessage(owner.email, { subject: `Nytt svar på ${name}`, timeout: 60_000 });
    expect(notice.Text).toContain('Hva kan vi gjøre bedre?: Svar raskere på telefonen.');
    expect(notice.Text).toContain(`/forms/${formId}/edit?section=results`);
  });
});

test('one question at a time at 390 px: the keyboard, the progress and axe', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/skjema/${QUOTE_FORM}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tilbudsforespørsel' })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoAxeViolations(page);
  // The bar is decoration: the text before it is what a screen reader reads, and it moves on.
  const progress = page.locator('#skjema-steg');
  await expect(progress).toHaveText('Side 1 av 2 Spørsmål 1 av 4');
  await page.getByRole('button', { name: 'Neste' }).click();
  await expect(progress).toHaveText('Side 1 av 2 Spørsmål 2 av 4');
  await expect(page.getByRole('radio', { name: 'Bad' })).toBeFocused();
  // Enter on an unanswered required question says so at the field; axe finds nothing there either.
  await page.keyboard.press('Enter');
  await expect(page.getByText('Dette må fylles ut.')).toBeVisible();
  await expectNoAxeViolations(page);
  // Arrow keys choose within the group; Enter goes on.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Kjøkken' })).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: /Når ønsker du at jobben gjøres\?/ })).toBeFocused();
  await expect(progress).toHaveText('Side 1 av 2 Spørsmål 3 av 4');
  await expectNoAxeViolations(page);
});
