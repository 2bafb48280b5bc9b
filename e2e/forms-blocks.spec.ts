import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { admin, check, createOrganization, createUser, write } from './support/admin';
import { drawPng } from './support/png';

/*
 * The public form's answer blocks against the local stack, on a form made for the test: a file
 * (a small PNG through the real campaign-upload; a text file refused at the field), a rating, NPS
 * 0–10 and a date typed the Norwegian way from the keyboard. Their errors in Norwegian (required,
 * a date out of range), then the answers as stored and the file in the organizer's «Svar».
 */

const definition = {
  version: 1,
  pages: [
    {
      id: 'p_blokker',
      blocks: [
        { kind: 'file', id: 'b_bilde', key: 'bilde', label: 'Bilde av skaden', required: true },
        { kind: 'rating', id: 'b_karakter', key: 'karakter', label: 'Hvor fornøyd er du?', required: true },
        { kind: 'nps', id: 'b_nps', key: 'nps', label: 'Vil du anbefale oss?', required: true },
        {
          kind: 'date',
          id: 'b_dato',
          key: 'dato',
          label: 'Når skjedde skaden?',
          required: true,
          min: '2027-01-01',
          max: '2027-12-31',
        },
      ],
    },
  ],
  rules: [],
  endings: [{ id: 'e_takk', title: 'Takk for meldingen!', text: 'Vi ser på skaden snart.' }],
  defaultEnding: 'e_takk',
};

test('file, rating, NPS and date: Norwegian field errors, the stored answers and the file in «Svar»', async ({
  page,
  browser,
  signInAs,
}) => {
  test.setTimeout(240_000);
  const owner = await createUser('skjemablokk', 'Bent Blokk');
  const organizationId = await createOrganization(owner.id, `Blokk ${owner.suffix} AS`);
  const formId = randomUUID();
  const name = `Meld fra om skade ${owner.suffix}`;
  await write(
    admin.from('campaigns').insert({
      id: formId,
      organization_id: organizationId,
      kind: 'form',
      name,
      published_at: new Date().toISOString(),
      consent_text: 'Jeg godtar at firmaet lagrer svarene mine.',
    }),
  );
  await write(admin.from('forms').insert({ id: formId, organization_id: organizationId }));
  await write(
    admin.from('forms_versions').insert({
      form_id: formId,
      organization_id: organizationId,
      definition,
      published_at: new Date().toISOString(),
    } as never),
  );

  const guest = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await guest.goto(`/skjema/${formId}`);
  await expect(guest.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });

  await test.step('each required block says so in Norwegian', async () => {
    await guest.getByRole('button', { name: 'Send' }).click();
    await expect(guest.getByText('Dette må fylles ut.')).toHaveCount(4);
    await expect(guest.getByLabel(/Bilde av skaden/)).toBeFocused();
  });

  const file = guest.getByLabel(/Bilde av skaden/);
  await test.step('a text file is refused at the field; a PNG goes through campaign-upload', async () => {
    await file.setInputFiles({
      name: 'notat.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Ikke et bilde'),
    });
    await expect(
      guest.getByText('Filtypen støttes ikke. Velg et bilde (JPG, PNG eller WebP) eller en PDF.'),
    ).toBeVisible({ timeout: 30_000 });
    await file.setInputFiles({
      name: 'skade.png',
      mimeType: 'image/png',
      buffer: drawPng(40, 30, [200, 40, 30]),
    });
    await expect(guest.getByText('skade.png er lastet opp.')).toBeVisible({ timeout: 30_000 });
  });

  await test.step('rating, NPS and a date out of range, then in range, from the keyboard', async () => {
    await guest.getByRole('radio', { name: '4 av 5' }).check();
    await guest.getByRole('radio', { name: '10', exact: true }).check();
    const date = guest.getByRole('textbox', { name: /Når skjedde skaden\?/ });
    await date.focus();
    await guest.keyboard.type('24.12.2026');
    await guest.getByRole('button', { name: 'Send' }).click();
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(guest.getByText(/^Svaret må være fra .+ til .+\.$/)).toBeVisible();
    await date.fill('');
    await date.focus();
    await guest.keyboard.type('15.03.2027');
    await guest.waitForTimeout(3_100);
    await guest.getByRole('button', { name: 'Send' }).click();
    await expect(guest.getByRole('heading', { name: 'Takk for meldingen!' })).toBeVisible({
      timeout: 30_000,
    });
  });
  await guest.close();

  const [response] = await check(admin.from('forms_responses').select('answers').eq('form_id', formId));
  expect(response?.answers).toMatchObject({ b_karakter: 4, b_nps: 10, b_dato: '2027-03-15' });
  expect((response?.answers as { b_bilde: string[] }).b_bilde).toHaveLength(1);

  await test.step('«Svar» lists the file', async () => {
    await signInAs(page, owner.email);
    await page.goto(`/forms/${formId}/edit?section=results`);
    await page.getByRole('button', { name: /^Se svaret fra / }).click();
    await expect(page.getByRole('heading', { name: /^Svar fra / })).toBeFocused({ timeout: 30_000 });
    // A file answer is a link to each file, which the member opens signed in (the page sent the
    // picture as a JPEG: it shrinks photos before they go).
    const fileTerm = page.getByRole('term').filter({ hasText: 'Bilde av skaden' });
    const fileLink = fileTerm
      .locator('xpath=following-sibling::dd[1]')
      .getByRole('link', { name: /^Fil 1 \(JPEG, [\d,]+ k?B\)$/ });
    await expect(fileLink).toBeVisible({ timeout: 30_000 });
    const image = await page.request.get((await fileLink.getAttribute('href')) ?? '');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');
    await expect(
      page
        .getByRole('term')
        .filter({ hasText: 'Når skjedde skaden?' })
        .locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('15.03.2027');
  });
});
