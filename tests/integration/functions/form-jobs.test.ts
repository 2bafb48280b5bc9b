/**
 * The forms' e-mails through the real platform, as the public form and the scheduler use them:
 * - a visitor submits «Kontakt oss» to submit-form with the anon key; campaign-jobs (the service key)
 *   then leaves exactly one confirmation in the respondent's outbox — their ending and answers, and a
 *   participation link whose token opens their page listing the response — and one notice in the
 *   owner's, who the form tells of each response; the next runs send nothing;
 * - a response to a form that tells in a daily digest waits for `form-digests` with 08:30 Oslo the
 *   next day as `now`, which e-mails the owner the day's count once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInUser } from '../../../supabase/local/testing/auth-helpers.ts';
import {
  hasDeno,
  startFunctionsTestPlatform,
  type FunctionsTestPlatform,
} from '../../../supabase/local/testing/functions-platform.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import contact from '../../fixtures/forms/kontakt-oss.json';
import { runCampaignJob } from '../support/campaign-jobs.ts';
import { sql } from '../support/marketplace.ts';

describe.skipIf(!hasDeno)('form e-mails on the platform', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;
  let ownerEmail = '';
  const eachForm = { id: randomUUID(), version: randomUUID() };
  const dailyForm = { id: randomUUID(), version: randomUUID() };
  const respondent = `eli.${randomUUID().slice(0, 8)}@example.no`;

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;
    const owner = await signedInUser(platform, 'skjema-eier');
    ownerEmail = owner.email;
    const organizationId = randomUUID();
    await sql(
      platform,
      `insert into public.organizations (id, name, owner_id) values ($1, 'Fjord Rør AS', $2)`,
      [organizationId, owner.user.id],
    );
    for (const [form, name, mode, confirm] of [
      [eachForm, 'Kontakt oss', 'each', true],
      [dailyForm, 'Kontakt oss i dag', 'daily', false],
    ] as const) {
      await sql(
        platform,
        `insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text)
         values ($1, $2, 'form', $3, now(), 'Jeg godtar at Fjord Rør AS lagrer svarene mine.')`,
        [form.id, organizationId, name],
      );
      await sql(
        platform,
        `insert into public.forms (id, organization_id, notify_mode, confirmation_email) values ($1, $2, $3, $4)`,
        [form.id, organizationId, mode, confirm],
      );
      await sql(
        platform,
        `insert into public.forms_versions (id, form_id, organization_id, definition, published_at)
         values ($1, $2, $3, $4::jsonb, now())`,
        [form.version, form.id, organizationId, JSON.stringify(contact)],
      );
      await sql(
        platform,
        `insert into public.forms_notify (form_id, organization_id, member_id) values ($1, $2, $3)`,
        [form.id, organizationId, owner.user.id],
      );
    }
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const submit = (form: { id: string; version: string }, email: string, visitor: string) =>
    fetch(`${platform.url}/functions/v1/submit-form`, {
      method: 'POST',
      headers: {
        apikey: platform.config.anonKey,
        Authorization: `Bearer ${platform.config.anonKey}`,
        'Content-Type': 'application/json',
        'X-Forwarded-For': visitor,
      },
      body: JSON.stringify({
        formId: form.id,
        versionId: form.version,
        answers: {
          b_navn: 'Eli Fjell',
          b_epost: email,
          b_emne: { choices: ['o_service'] },
          b_melding: 'Dryppende kran på badet',
        },
        hidden: { utm_source: 'nyhetsbrev' },
        sessionId: randomUUID(),
        honeypot: '',
        shownAt: new Date(Date.now() - 60_000).toISOString(),
        consent: true,
      }),
    });

  const job = async (body: { job: string; now?: string }): Promise<unknown> =>
    (await runCampaignJob(platform, body)).json();

  it('a submission leads to one confirmation for the respondent and one notice for the owner', async () => {
    const submitted = await submit(eachForm, respondent, '198.51.100.30');
    expect(submitted.status, stack.logs.join('\n')).toBe(200);

    expect(await job({ job: 'form-confirmations' }), stack.logs.join('\n')).toEqual({
      job: 'form-confirmations',
      sent: 1,
      failed: 0,
    });
    expect(await job({ job: 'form-confirmations' })).toEqual({
      job: 'form-confirmations',
      sent: 0,
      failed: 0,
    });
    expect(await job({ job: 'form-notifications' }), stack.logs.join('\n')).toEqual({
      job: 'form-notifications',
      sent: 1,
      failed: 0,
    });
    expect(await job({ job: 'form-notifications' })).toEqual({
      job: 'form-notifications',
      sent: 0,
      failed: 0,
    });

    const confirmations = await stack.mailsTo(respondent);
    expect(confirmations).toHaveLength(1);
    const [confirmation] = confirmations;
    expect(confirmation!.Subject).toBe('Takk for svaret ditt på Kontakt oss');
    expect(confirmation!.Text).toContain('Takk, Eli Fjell!');
    expect(confirmation!.Text).toContain(`svarer deg på ${respondent} innen én arbeidsdag`);
    expect(confirmation!.Text).toContain('Hva gjelder det, Eli Fjell?: Service og reparasjon');
    expect(confirmation!.Text).not.toContain('nyhetsbrev');
    const site = platform.config.siteUrl.replace(/\/$/, '');
    const link = new RegExp(`${site}/skjema/participation\\?id=${eachForm.id}&token=([0-9a-f]{64})`).exec(
      confirmation!.Text,
    );
    expect(link, confirmation!.Text).not.toBeNull();
    const page = await anonClient(platform).rpc('participation', { input_token: link![1]! });
    expect(page.error).toBeNull();
    const campaigns = (
      page.data as { campaigns: { campaign_id: string; entries: { form_answers: unknown }[] }[] }
    ).campaigns;
    const form = campaigns.find((campaign) => campaign.campaign_id === eachForm.id);
    expect(form?.entries).toHaveLength(1);
    expect(JSON.stringify(form!.entries[0]!.form_answers)).toContain('Dryppende kran på badet');
    // As the form showed it: the option's label, never its id.
    expect(Object.values(form!.entries[0]!.form_answers as Record<string, string>)).toContain(
      'Service og reparasjon',
    );

    const notices = (await stack.mailsTo(ownerEmail)).filter((mail) => mail.Subject.startsWith('Nytt svar'));
    expect(notices.map((mail) => mail.Subject)).toEqual(['Nytt svar på Kontakt oss']);
    expect(notices[0]!.Text).toContain('Melding: Dryppende kran på badet');
    expect(notices[0]!.Text).toContain(`${site}/forms/${eachForm.id}/edit?section=results`);
  });

  it('a response to a daily form waits for the next morning’s digest, sent once', async () => {
    const submitted = await submit(dailyForm, respondent, '198.51.100.31');
    expect(submitted.status, stack.logs.join('\n')).toBe(200);
    expect(await job({ job: 'form-notifications' })).toEqual({
      job: 'form-notifications',
      sent: 0,
      failed: 0,
    });

    const tomorrow = (
      await sql<{ day: string }>(
        platform,
        `select to_char((now() at time zone 'Europe/Oslo')::date + 1, 'YYYY-MM-DD') as day`,
      )
    )[0]!.day;
    // 07:30 UTC is 08:30 or 09:30 in Oslo: after the digest's 08:00 either way.
    const now = `${tomorrow}T07:30:00Z`;
    expect(await job({ job: 'form-digests', now }), stack.logs.join('\n')).toEqual({
      job: 'form-digests',
      sent: 1,
      failed: 0,
    });
    expect(await job({ job: 'form-digests', now })).toEqual({ job: 'form-digests', sent: 0, failed: 0 });

    const digests = (await stack.mailsTo(ownerEmail)).filter((mail) =>
      mail.Subject.includes('Kontakt oss i dag'),
    );
    expect(digests.map((mail) => mail.Subject)).toEqual(['1 nytt svar på Kontakt oss i dag']);
    expect(digests[0]!.Text).toContain('Eli Fjell');
    expect(digests[0]!.Text).toContain(`/forms/${dailyForm.id}/edit?section=results`);
  });
});
