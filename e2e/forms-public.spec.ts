import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, ANON_KEY, API_URL, check, uniqueSuffix } from './support/admin';
import { customerSite } from './support/customer-site';

/**
 * The forms' public side (docs/forms.md «The public side»), on the seeded forms of Fjord Rør AS:
 * «Tilbudsforespørsel» (one question at a time) filled in anonymously with the keyboard inside an
 * iframe on a customer's plain page at 390 px — the answer «Kjøkken» jumps the bathroom page, the
 * ending is piped, the response and the lead are stored with the link's query and the embedding page;
 * a tampered submission is refused with nothing stored; axe finds nothing on the classic «Kontakt oss»
 * (also with its field errors) and the iframe at 390 and 1280 px.
 */
const CONTACT_FORM = 'cf000000-0000-4000-8000-000000000001';
const QUOTE_FORM = 'cf000000-0000-4000-8000-000000000002';
const SHOTS = process.env.FORM_SHOTS_DIR;

const responsesOf = async (formId: string) =>
  (
    await check(
      admin.from('forms_responses').select('answers, hidden, ending_id, score').eq('form_id', formId),
    )
  ).length;

test('a visitor fills in «Tilbudsforespørsel» in an iframe with the keyboard; response and lead are stored', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `kari.skjema.${uniqueSuffix()}@example.no`;
  const path = `/skjema/iframe?id=${QUOTE_FORM}&utm_source=e2e`;
  const site = await customerSite(path, 'Tilbudsforespørsel');
  try {
    await page.goto(site.url);
    const frame = page.frameLocator('iframe[data-leadtorget-form]');
    await expect(frame.getByRole('heading', { name: 'Be om tilbud fra Fjord Rør AS' })).toBeVisible();
    await frame.getByRole('button', { name: 'Neste' }).click();

    // One question at a time: each takes the focus, Enter goes on.
    const kitchen = frame.getByRole('radio', { name: 'Kjøkken' });
    await expect(frame.getByRole('radio', { name: 'Bad' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(frame.getByText('Dette må fylles ut.')).toBeVisible();
    await kitchen.check();
    await page.keyboard.press('Enter');
    const when = frame.getByRole('combobox', { name: /Når ønsker du at jobben gjøres\?/ });
    await expect(when).toBeFocused();
    await when.selectOption({ label: 'Innen en måned' });
    await frame.getByRole('button', { name: 'Neste' }).click();
    await expect(frame.getByRole('textbox', { name: /Postnummer/ })).toBeFocused();
    await page.keyboard.type('5003');
    await page.keyboard.press('Enter');

    // «Kjøkken» jumps the bathroom page: the contact page is the last of two.
    await expect(frame.getByText('Side 2 av 2')).toBeVisible();
    await expect(frame.getByRole('textbox', { name: /Navn/ })).toBeFocused();
    await page.keyboard.type('Kari Skjema');
    await page.keyboard.press('Enter');
    await expect(frame.getByRole('textbox', { name: /E-post/ })).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    // An e-mail needs the participation consent: refused, the focus goes to it; Space ticks it.
    const consent = frame.getByRole('checkbox');
    await expect(consent).toBeFocused();
    await page.keyboard.press('Space');
    await expect(consent).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(frame.getByRole('textbox', { name: /Telefon/ })).toBeFocused();
    await page.keyboard.type('912 34 567');
    await page.keyboard.press('Enter');
    // Piping: the date question names the visitor.
    await expect(
      frame.getByRole('textbox', { name: 'Når passer det med befaring, Kari Skjema?' }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/iframe-390-question.png`, fullPage: true });
    // The engine refuses a form sent within 3 s of showing it (a bot's speed); the keyboard was quicker.
    await page.waitForTimeout(3_100);
    await frame.getByRole('button', { name: 'Send' }).click();
    await expect(frame.getByRole('heading', { name: 'Takk, Kari Skjema!' })).toBeVisible();
    await expect(
      frame.getByText(`Vi sender et uforpliktende tilbud på Kjøkken til ${email} innen tre arbeidsdager.`),
    ).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/iframe-390-ending.png`, fullPage: true });
    await expect
      .poll(() => page.locator('iframe[data-leadtorget-form]').evaluate((element) => element.clientHeight))
      .toBeGreaterThan(150);
  } finally {
    site.server.close();
  }

  const [response] = await check(
    admin
      .from('forms_responses')
      .select('answers, hidden, ending_id, score, participants!inner(email)')
      .eq('form_id', QUOTE_FORM)
      .eq('participants.email', email),
  );
  expect(response).toMatchObject({
    ending_id: 'e_takk',
    score: 3,
    answers: {
      b_hva: { choices: ['o_kjokken'] },
      b_nar: { choices: ['o_maned'] },
      b_postnummer: '5003',
      b_navn: 'Kari Skjema',
      b_telefon: '+4791234567',
      b_kilde: 'e2e',
    },
    hidden: { utm_source: 'e2e', page: site.url },
  });
  expect(response.answers).not.toHaveProperty('b_areal');
  const leads = await check(admin.from('leads').select('source, name').eq('email', email));
  expect(leads).toEqual([{ source: 'form', name: 'Kari Skjema' }]);
});

test('a tampered submission is refused with the engine’s codes and nothing is stored', async () => {
  const form = await fetch(`${API_URL}/rest/v1/rpc/form_public`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ input_form_id: QUOTE_FORM }),
  }).then((answer) => answer.json() as Promise<{ version_id: string }>);
  const before = await responsesOf(QUOTE_FORM);
  const refused = await fetch(`${API_URL}/functions/v1/submit-form`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      formId: QUOTE_FORM,
      versionId: form.version_id,
      // «Lekkasje» skips the bathroom page, so its area cannot be answered; the hidden source is forged.
      answers: {
        b_hva: 'o_lekkasje',
        b_nar: 'o_maned',
        b_postnummer: '5003',
        b_areal: 12,
        b_kilde: 'forfalsket',
        b_navn: 'Falsk',
        b_epost: `falsk.${uniqueSuffix()}@example.no`,
        b_telefon: '91234567',
      },
      hidden: {},
      shownAt: new Date(Date.now() - 60_000).toISOString(),
      consent: true,
    }),
  });
  expect(refused.status).toBe(400);
  expect(await refused.json()).toEqual({
    error: {
      code: 'form-answers-invalid',
      errors: [
        { blockId: 'b_areal', code: 'not_visible' },
        { blockId: 'b_kilde', code: 'not_visible' },
      ],
    },
  });
  expect(await responsesOf(QUOTE_FORM)).toBe(before);
});

test('axe finds nothing on the classic form, its field errors and the iframe at 390 and 1280 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await test.step(`«Kontakt oss» at ${width} px`, async () => {
      await page.goto(`/skjema/${CONTACT_FORM}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Kontakt oss' })).toBeVisible();
      await expect(page).toHaveTitle('Kontakt oss – Fjord Rør AS');
      await expectNoAxeViolations(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/classic-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Send' }).click();
      // The first refused field takes the focus; each error is at its field.
      await expect(page.getByRole('textbox', { name: /Navn/ })).toBeFocused();
      await expect(page.getByText('Dette må fylles ut.').first()).toBeVisible();
      await expect(page.getByRole('textbox', { name: /Navn/ })).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/classic-errors-${width}.png`, fullPage: true });
    });
    await test.step(`the iframe at ${width} px`, async () => {
      await page.goto(`/skjema/iframe?id=${QUOTE_FORM}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Tilbudsforespørsel' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
