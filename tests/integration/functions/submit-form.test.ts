/**
 * A visitor's answers through the real platform (docs/forms.md «The public side»): «Tilbudsforespørsel»
 * submitted to submit-form with the anon key is stored with the cleaned answers, the score and ending
 * the engine computed, the link's query and the lead of the person; a tampered submission (an answer
 * to a page the path skips, an unknown option) is refused with the engine's codes and nothing stored.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasDeno,
  startFunctionsTestPlatform,
  type FunctionsTestPlatform,
} from '../../../supabase/local/testing/functions-platform.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import quote from '../../fixtures/forms/tilbudsforesporsel.json';
import { sql } from '../support/marketplace.ts';
import { newFjordRor } from '../support/organization.ts';

describe.skipIf(!hasDeno)('submit-form on the platform', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;
  const formId = randomUUID();
  const versionId = randomUUID();

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;
    const organizationId = await newFjordRor(platform, 'skjema-svar');
    await sql(
      platform,
      `insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text)
       values ($1, $2, 'form', 'Tilbudsforespørsel', now(), 'Jeg godtar at Fjord Rør AS lagrer svarene mine.')`,
      [formId, organizationId],
    );
    await sql(platform, `insert into public.forms (id, organization_id) values ($1, $2)`, [
      formId,
      organizationId,
    ]);
    await sql(
      platform,
      `insert into public.forms_versions (id, form_id, organization_id, definition, published_at)
       values ($1, $2, $3, $4::jsonb, now())`,
      [versionId, formId, organizationId, JSON.stringify(quote)],
    );
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const submit = (answers: Record<string, unknown>, visitor: string) =>
    fetch(`${platform.url}/functions/v1/submit-form`, {
      method: 'POST',
      headers: {
        apikey: platform.config.anonKey,
        Authorization: `Bearer ${platform.config.anonKey}`,
        'Content-Type': 'application/json',
        'X-Forwarded-For': visitor,
      },
      body: JSON.stringify({
        formId,
        versionId,
        answers,
        hidden: { utm_source: 'nyhetsbrev', page: 'https://fjordror.no/tilbud' },
        sessionId: randomUUID(),
        honeypot: '',
        shownAt: new Date(Date.now() - 60_000).toISOString(),
        consent: true,
      }),
    });

  const leak = {
    b_hva: 'o_lekkasje',
    b_nar: 'o_snarest',
    b_postnummer: '5003',
    b_navn: 'Kari Nordmann',
    b_epost: 'kari.skjema@example.no',
    b_telefon: '912 34 567',
  };

  const responses = () =>
    sql<{
      answers: Record<string, unknown>;
      score: string;
      ending_id: string;
      hidden: unknown;
      email: string | null;
    }>(
      platform,
      `select r.answers, r.score::text as score, r.ending_id, r.hidden, p.email
       from public.forms_responses as r left join public.participants as p on p.id = r.participant_id
       where r.form_id = $1`,
      [formId],
    );

  it('stores a valid submission with its lead and answers with the piped ending', async () => {
    const response = await submit(leak, '198.51.100.20');
    expect(response.status, stack.logs.join('\n')).toBe(200);
    expect(await response.json()).toEqual({
      ending: {
        id: 'e_haster',
        title: 'Takk, Kari Nordmann!',
        text: 'Dette haster, så vi ringer deg på +4791234567 i løpet av dagen.',
      },
    });
    expect(await responses()).toEqual([
      {
        answers: {
          b_hva: { choices: ['o_lekkasje'] },
          b_nar: { choices: ['o_snarest'] },
          b_postnummer: '5003',
          b_navn: 'Kari Nordmann',
          b_epost: 'kari.skjema@example.no',
          b_telefon: '+4791234567',
          b_kilde: 'nyhetsbrev',
          b_side: 'https://fjordror.no/tilbud',
        },
        score: '8',
        ending_id: 'e_haster',
        hidden: { utm_source: 'nyhetsbrev', page: 'https://fjordror.no/tilbud' },
        email: 'kari.skjema@example.no',
      },
    ]);
    const leads = await sql<{ source: string; name: string; phone: string }>(
      platform,
      `select l.source::text as source, l.name, l.phone from public.leads as l
       where l.campaign_id = $1 and l.email = 'kari.skjema@example.no'`,
      [formId],
    );
    expect(leads).toEqual([{ source: 'form', name: 'Kari Nordmann', phone: '+4791234567' }]);
  });

  it("refuses a tampered submission with the engine's codes and stores nothing", async () => {
    const before = (await responses()).length;
    const skipped = await submit({ ...leak, b_areal: 40, b_nar: 'o_igaar' }, '198.51.100.21');
    expect(skipped.status, stack.logs.join('\n')).toBe(400);
    expect(await skipped.json()).toEqual({
      error: {
        code: 'form-answers-invalid',
        errors: [
          { blockId: 'b_nar', code: 'unknown_option' },
          { blockId: 'b_areal', code: 'not_visible' },
        ],
      },
    });
    const forged = await submit({ ...leak, b_kilde: 'forfalsket' }, '198.51.100.22');
    expect(forged.status).toBe(400);
    expect(await responses()).toHaveLength(before);
  });
});
