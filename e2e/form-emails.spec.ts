import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import contact from '../tests/fixtures/forms/kontakt-oss.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { axeViolations, expectNoAxeViolations } from './support/a11y';
import { admin, ANON_KEY, API_URL, createOrganization, createUser, write } from './support/admin';
import { osloDay } from './support/calendars';
import { waitForMessage } from './support/outbox';
import { overflowOf, PHONE } from './support/phone';

const SHOTS = process.env.FORM_SHOTS_DIR;

/*
 * The forms' e-mails as a phone shows them: the respondent's confirmation, the member's notice of
 * the response and the member's daily digest, sent by the scheduled jobs' own function (the digest
 * with the job's `now`: 08:30 Oslo tomorrow) after a real submission to submit-form, read from the
 * outbox and rendered in Chromium 360 px wide with long names and nothing wider than the screen, axe
 * finding nothing; the confirmation's participation link opens the person's page with the response.
 */
/**
 * axe on an e-mail as its HTML stands: WCAG A/AA and the best practices, but for the landmarks — the
 * mail client's own page holds the message, which has no main region of its own to give.
 */
async function expectNoEmailAxeViolations(page: Page, subject: string) {
  const violations = await axeViolations(
    page,
    ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    [],
    ['landmark-one-main', 'region'],
  );
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
    subject,
  ).toEqual([]);
}

test('the confirmation, the notice and the digest fit a 360 px screen; the page lists the response', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await createUser('skjemaeier', 'Siri Skjema');
  const organization = `Rørleggerfirmaet Nordre Follo ${owner.suffix} AS`;
  const organizationId = await createOrganization(owner.id, organization);
  await write(
    admin
      .from('organizations')
      .update({ contact_email: 'post@rorleggerfirmaet.example.no' })
      .eq('id', organizationId),
  );
  const forms = {
    each: {
      id: randomUUID(),
      version: randomUUID(),
      name: 'Kontakt oss om service og reparasjoner på badet',
    },
    daily: { id: randomUUID(), version: randomUUID(), name: 'Kontakt oss om service – daglig oppsummering' },
  };
  for (const [mode, form] of Object.entries(forms)) {
    await write(
      admin.from('campaigns').insert({
        id: form.id,
        organization_id: organizationId,
        kind: 'form',
        name: form.name,
        published_at: new Date().toISOString(),
        consent_text: 'Jeg godtar at firmaet lagrer svarene mine.',
      }),
    );
    await write(
      admin.from('forms').insert({
        id: form.id,
        organization_id: organizationId,
        notify_mode: mode as 'each' | 'daily',
        confirmation_email: mode === 'each',
      }),
    );
    await write(
      admin.from('forms_versions').insert({
        id: form.version,
        form_id: form.id,
        organization_id: organizationId,
        definition: contact as never,
        published_at: new Date().toISOString(),
      } as never),
    );
    await write(
      admin
        .from('forms_notify')
        .insert({ form_id: form.id, organization_id: organizationId, member_id: owner.id }),
    );
  }

  const respondent = `kristoffer.nordmann-halvorsen.${owner.suffix}@eksempel-entreprenor.no`;
  for (const form of Object.values(forms)) {
    const response = await fetch(`${API_URL}/functions/v1/submit-form`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        formId: form.id,
        versionId: form.version,
        answers: {
          b_navn: 'Kristoffer Nordmann-Halvorsen',
          b_epost: respondent,
          b_emne: { choices: ['o_service'] },
          b_melding:
            'Dryppende kran på badet, og avløpet i dusjen renner sakte. Vanntrykksreguleringsventilen ser gammel ut.',
        },
        hidden: { utm_source: 'nyhetsbrev' },
        sessionId: randomUUID(),
        honeypot: '',
        shownAt: new Date(Date.now() - 60_000).toISOString(),
        consent: true,
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }

  const jobs = [
    { job: 'form-confirmations' },
    { job: 'form-notifications' },
    // 07:30 UTC is 08:30 or 09:30 in Oslo: after the digest's 08:00 either way.
    { job: 'form-digests', now: `${osloDay(1)}T07:30:00Z` },
  ];
  for (const body of jobs) {
    const run = await admin.functions.invoke<unknown>('campaign-jobs', { body });
    expect(run.error, body.job).toBeNull();
  }
  // The scheduler may have sent some already (the digest by today's clock); either way each arrives once.
  const confirmation = await waitForMessage(respondent, {
    subject: `Takk for svaret ditt på ${forms.each.name}`,
    timeout: 30_000,
  });
  const notice = await waitForMessage(owner.email, {
    subject: `Nytt svar på ${forms.each.name}`,
    timeout: 30_000,
  });
  const digest = await waitForMessage(owner.email, {
    subject: `1 nytt svar på ${forms.daily.name}`,
    timeout: 30_000,
  });
  expect(confirmation.Text).toContain('Takk, Kristoffer Nordmann-Halvorsen!');
  expect(confirmation.Text).toContain(
    'Hva gjelder det, Kristoffer Nordmann-Halvorsen?: Service og reparasjon',
  );
  expect(confirmation.Text).not.toContain('nyhetsbrev');
  expect(notice.Text).toContain('Melding: Dryppende kran på badet');
  expect(notice.Text).toContain('kilde: nyhetsbrev');
  expect(digest.Text).toContain('har fått 1 nytt svar siden forrige oppsummering:');
  expect(digest.Text).toContain('Kristoffer Nordmann-Halvorsen');

  await page.setViewportSize(PHONE);
  const buttons = {
    [confirmation.ID]: 'Se svarene dine',
    [notice.ID]: 'Se alle svarene',
    [digest.ID]: 'Se alle svarene',
  };
  for (const mail of [confirmation, notice, digest]) {
    await page.setContent(mail.HTML);
    const overflow = await overflowOf(page);
    expect(overflow.width, mail.Subject).toBe(PHONE.width);
    expect(overflow.wider, mail.Subject).toEqual([]);
    expect(overflow.scrollWidth, mail.Subject).toBeLessThanOrEqual(PHONE.width);
    // Below the answers on a phone: reached by scrolling down, never sideways.
    const button = page.getByRole('link', { name: buttons[mail.ID] });
    await button.scrollIntoViewIfNeeded();
    await expect(button, mail.Subject).toBeInViewport();
    if (SHOTS)
      await page.screenshot({
        path: `${SHOTS}/${mail.Subject.split(' ')[0]}-${mail.ID}.png`,
        fullPage: true,
      });
    expect(mail.Text, mail.Subject).toContain(`Spørsmål? Kontakt ${organization}`);
    await expectNoEmailAxeViolations(page, mail.Subject);
  }

  const link = /\/skjema\/participation\?id=[0-9a-f-]{36}&token=[0-9a-f]{64}/.exec(confirmation.Text)?.[0];
  expect(link, confirmation.Text).toBeDefined();
  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { level: 1, name: `${forms.each.name}: dine svar` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveTitle(`${forms.each.name} – dine svar`);
  await expect(page.getByText(/Melding: Dryppende kran på badet/).first()).toBeVisible();
  await expectNoAxeViolations(page);
  if (SHOTS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/participation-${width}.png`, fullPage: true });
    }
  }
});
