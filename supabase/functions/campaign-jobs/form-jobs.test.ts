/**
 * The forms' jobs through the campaign-jobs handler, with a fake database and mailer: the notice of
 * a response to each member chosen, its answers by their labels; the respondent's confirmation with
 * their ending and page; the daily digest at the `now` given; and a failed e-mail handed back.
 */
import assert from 'node:assert/strict';
import type { Rpc } from '../_shared/database.ts';
import { FakeMailer, post } from '../_shared/testing.ts';
import kontaktOss from '../../../tests/fixtures/forms/kontakt-oss.json' with { type: 'json' };
import { handleCampaignJobs, sameSecret, type CampaignJobsDeps } from './handler.ts';

const SERVICE_KEY = 'service.role.key';
const FORM = 'cf000000-0000-4000-8000-000000000001';
const RESPONSE = 'cf000000-0000-4000-8000-0000000000a1';
const SITE = 'http://localhost:5173';
const DAILY = 'cf000000-0000-4000-8000-000000000002';
const OTHER = 'cf000000-0000-4000-8000-0000000000a2';

const claim = {
  response_id: RESPONSE,
  form_id: FORM,
  form_name: 'Kontakt oss',
  organization_name: 'Fjord Rør AS',
  recipients: ['ola@fjordror.no', 'kari@fjordror.no'],
  // 13:05 UTC on 24 November is 14:05 in Oslo.
  submitted_at: '2026-11-24T13:05:00+00:00',
  answers: {
    b_navn: 'Eli <Fjell>',
    b_epost: 'eli@example.no',
    b_emne: { choices: ['o_service'] },
    b_melding: 'Dryppende kran på badet',
  },
  definition: kontaktOss,
  score: null,
  ending_id: null,
  name: 'Eli Fjell',
  email: 'eli@example.no',
  phone: null,
};

/** The claims each claim function answers once (a second run finds the queue empty). */
type Claims = Partial<Record<'notifications' | 'confirmations' | 'digests', unknown[]>>;

/** `listed`: what form_digest_responses answers; an Error: it fails. */
function setup(claims: Claims, listed: unknown[] | Error = []) {
  const calls: [string, Record<string, unknown>][] = [];
  const rpc = ((name: string, args: Record<string, unknown>) => {
    calls.push([name, args]);
    if (name === 'campaign_email_senders') {
      return Promise.resolve(
        [FORM, DAILY].map((campaign_id) => ({
          campaign_id,
          organization_name: 'Fjord Rør AS',
          contact_email: null,
          primary_color: null,
        })),
      );
    }
    const claimed = /^claim_form_(notifications|confirmations|digests)$/.exec(name)?.[1] as keyof Claims;
    if (claimed) return Promise.resolve((claims[claimed] ?? []).splice(0));
    if (name === 'form_digest_responses') {
      return listed instanceof Error ? Promise.reject(listed) : Promise.resolve(listed);
    }
    if (name.startsWith('release_form_')) return Promise.resolve(undefined);
    return Promise.reject(new Error(`unexpected rpc ${name}`));
  }) as Rpc;
  const mailer = new FakeMailer();
  const deps: CampaignJobsDeps = {
    isServiceKey: (token) => sameSecret(token, SERVICE_KEY),
    rpc,
    mailer,
    siteUrl: `${SITE}/`,
    functionsUrl: 'http://api.test/functions/v1/',
    removeFiles: () => Promise.reject(new Error('the forms remove no files')),
    clock: () => new Date('2026-11-24T13:10:00Z'),
    log: () => undefined,
  };
  return { calls, mailer, deps };
}

async function run(deps: CampaignJobsDeps, job = 'form-notifications', now?: string) {
  const response = await handleCampaignJobs(
    post(
      'http://functions.test/campaign-jobs',
      { job, ...(now ? { now } : {}) },
      {
        Authorization: `Bearer ${SERVICE_KEY}`,
      },
    ),
    deps,
  );
  assert.equal(response.status, 200);
  return response.json();
}

const releases = (calls: [string, Record<string, unknown>][]) =>
  calls.filter(([name]) => name.startsWith('release_'));

Deno.test(
  'form-notifications: each member chosen hears of the response, its answers by their labels',
  async () => {
    const { mailer, deps, calls } = setup({ notifications: [claim] });
    assert.deepEqual(await run(deps), { job: 'form-notifications', sent: 2, failed: 0 });
    assert.deepEqual(
      mailer.sent.map((mail) => mail.to),
      ['ola@fjordror.no', 'kari@fjordror.no'],
    );
    const [mail] = mailer.sent;
    assert.equal(mail!.subject, 'Nytt svar på Kontakt oss');
    assert.match(mail!.text, /sendt 24\.11\.2026 kl\. 14:05/);
    assert.match(mail!.text, /Navn: Eli <Fjell>/);
    // The label piped as the form showed it, the name escaped in the HTML like any answer.
    assert.match(mail!.text, /Hva gjelder det, Eli <Fjell>\?: Service og reparasjon/);
    assert.match(mail!.html, /Hva gjelder det, Eli &lt;Fjell&gt;\?/);
    assert.match(mail!.text, /Dryppende kran på badet/);
    assert.match(mail!.html, /Eli &lt;Fjell&gt;/);
    assert.ok(mail!.html.includes(`${SITE}/forms/${FORM}/edit?section=results`));
    assert.deepEqual(mail!.tags, ['form-notification']);
    assert.equal(calls.filter(([name]) => name.startsWith('release_')).length, 0);
  },
);

Deno.test('form-notifications: a failed e-mail hands its response back for the next run', async () => {
  const { mailer, deps, calls } = setup({ notifications: [claim] });
  mailer.fail = true;
  assert.deepEqual(await run(deps), { job: 'form-notifications', sent: 0, failed: 2 });
  assert.deepEqual(
    calls.find(([name]) => name.startsWith('release_')),
    ['release_form_notifications', { input_response_ids: [RESPONSE] }],
  );
});

Deno.test('form-notifications: nothing claimed sends nothing', async () => {
  const { mailer, deps } = setup({});
  assert.deepEqual(await run(deps), { job: 'form-notifications', sent: 0, failed: 0 });
  assert.equal(mailer.sent.length, 0);
});

const confirmation = {
  response_id: RESPONSE,
  form_id: FORM,
  form_name: 'Kontakt oss',
  organization_name: 'Fjord Rør AS',
  participant_id: 'cf000000-0000-4000-8000-0000000000c1',
  email: 'eli@example.no',
  name: 'Eli Fjell',
  ending_id: 'e_takk',
  answers: { ...claim.answers, b_kilde: 'facebook' },
  definition: kontaktOss,
  submitted_at: claim.submitted_at,
  token: 'token-eli',
};

Deno.test(
  'form-confirmations: the respondent gets their ending, answers and own page, nothing more',
  async () => {
    const { mailer, deps, calls } = setup({
      confirmations: [
        confirmation,
        { ...confirmation, response_id: OTHER, email: 'kari@example.no', name: null },
      ],
    });
    assert.deepEqual(await run(deps, 'form-confirmations'), {
      job: 'form-confirmations',
      sent: 2,
      failed: 0,
    });
    assert.deepEqual(
      mailer.sent.map((mail) => mail.to),
      ['eli@example.no', 'kari@example.no'],
    );
    const [mail, second] = mailer.sent;
    assert.equal(mail!.subject, 'Takk for svaret ditt på Kontakt oss');
    assert.match(mail!.text, /^Hei Eli,/m);
    assert.match(mail!.text, /Takk, Eli <Fjell>!/);
    assert.match(mail!.text, /svarer deg på eli@example\.no innen én arbeidsdag/);
    assert.match(mail!.text, /Melding: Dryppende kran på badet/);
    assert.match(mail!.html, /Takk, Eli &lt;Fjell&gt;!/);
    // The link's query is the members' to read, not the respondent's.
    assert.doesNotMatch(mail!.text, /facebook|kilde/);
    assert.ok(mail!.html.includes(`${SITE}/skjema/participation?id=${FORM}&amp;token=token-eli`));
    assert.doesNotMatch(mail!.text, /avmeld|unsubscribe/i);
    assert.equal(mail!.headers, undefined);
    assert.deepEqual(mail!.tags, ['form-confirmation']);
    assert.match(second!.text, /^Hei,/m);
    assert.equal(releases(calls).length, 0);
  },
);

Deno.test('form-confirmations: exactly the response whose e-mail failed is handed back', async () => {
  const { mailer, deps, calls } = setup({
    confirmations: [confirmation, { ...confirmation, response_id: OTHER, email: 'kari@example.no' }],
  });
  const send = mailer.send.bind(mailer);
  mailer.send = (mail) => (mail.to === 'kari@example.no' ? Promise.reject(new Error('bounced')) : send(mail));
  assert.deepEqual(await run(deps, 'form-confirmations'), { job: 'form-confirmations', sent: 1, failed: 1 });
  assert.deepEqual(releases(calls), [['release_form_confirmation', { input_response_id: OTHER }]]);
});

const digest = {
  form_id: DAILY,
  form_name: 'Tilbudsforespørsel',
  organization_name: 'Fjord Rør AS',
  recipients: ['ola@fjordror.no', 'kari@fjordror.no'],
  on_date: '2026-11-24',
  responses: 12,
  // 06:40 and 20:15 UTC are 07:40 and 21:15 in Oslo.
  first_at: '2026-11-23T06:40:00+00:00',
  last_at: '2026-11-23T20:15:00+00:00',
  response_ids: Array.from(
    { length: 12 },
    (_, index) => `cf000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
  ),
};
const listed = Array.from({ length: 10 }, (_, index) => ({
  response_id: digest.response_ids[index],
  submitted_at: `2026-11-23T${String(6 + index).padStart(2, '0')}:40:00+00:00`,
  name: index === 1 ? null : `Person ${index + 1}`,
  email: index === 1 ? 'uten.navn@example.no' : null,
}));

Deno.test(
  "form-digests: each member gets the day's count, first and last time and the first ten",
  async () => {
    const { mailer, deps, calls } = setup({ digests: [digest] }, listed);
    const now = '2026-11-24T07:00:00Z';
    assert.deepEqual(await run(deps, 'form-digests', now), { job: 'form-digests', sent: 2, failed: 0 });
    assert.deepEqual(
      calls.find(([name]) => name === 'claim_form_digests'),
      ['claim_form_digests', { input_now: now, input_limit: 100 }],
    );
    assert.deepEqual(
      calls.find(([name]) => name === 'form_digest_responses'),
      ['form_digest_responses', { input_response_ids: digest.response_ids, input_limit: 10 }],
    );
    assert.deepEqual(
      mailer.sent.map((mail) => mail.to),
      ['ola@fjordror.no', 'kari@fjordror.no'],
    );
    const [mail] = mailer.sent;
    assert.equal(mail!.subject, '12 nye svar på Tilbudsforespørsel');
    assert.match(mail!.text, /det første 23\.11\.2026 kl\. 07:40, det siste 23\.11\.2026 kl\. 21:15/);
    assert.match(mail!.text, /23\.11\.2026 kl\. 07:40: Person 1/);
    assert.match(mail!.text, /uten\.navn@example\.no/);
    assert.match(mail!.text, /Person 10/);
    assert.match(mail!.text, /og 2 til/);
    assert.ok(mail!.html.includes(`${SITE}/forms/${DAILY}/edit?section=results`));
    assert.deepEqual(mail!.tags, ['form-digest']);
    assert.equal(releases(calls).length, 0);
  },
);

Deno.test("form-digests: without a now the claim goes by the database's clock", async () => {
  const { deps, calls } = setup({});
  assert.deepEqual(await run(deps, 'form-digests'), { job: 'form-digests', sent: 0, failed: 0 });
  assert.deepEqual(
    calls.find(([name]) => name === 'claim_form_digests'),
    ['claim_form_digests', { input_limit: 100 }],
  );
});

Deno.test("form-digests: a failed e-mail hands back that form's day and responses, once", async () => {
  const other = {
    ...digest,
    form_id: FORM,
    form_name: 'Kontakt oss',
    recipients: ['per@fjordror.no'],
    response_ids: [RESPONSE],
    responses: 1,
  };
  const { mailer, deps, calls } = setup({ digests: [digest, other] }, listed.slice(0, 1));
  const send = mailer.send.bind(mailer);
  mailer.send = (mail) =>
    mail.subject.includes('Tilbudsforespørsel') ? Promise.reject(new Error('smtp down')) : send(mail);
  assert.deepEqual(await run(deps, 'form-digests', '2026-11-24T07:00:00Z'), {
    job: 'form-digests',
    sent: 1,
    failed: 2,
  });
  assert.deepEqual(releases(calls), [
    ['release_form_digest', { input_form_id: DAILY, input_response_ids: digest.response_ids }],
  ]);
  assert.equal(mailer.sent[0]!.subject, '1 nytt svar på Kontakt oss');
  assert.match(mailer.sent[0]!.text, /har fått 1 nytt svar siden forrige oppsummering:\n/);
});

Deno.test(
  'form-digests: a list that cannot be read leaves the count and times, not «og 12 til»',
  async () => {
    const { mailer, deps } = setup({ digests: [digest] }, new Error('read failed'));
    assert.deepEqual(await run(deps, 'form-digests', '2026-11-24T07:00:00Z'), {
      job: 'form-digests',
      sent: 2,
      failed: 0,
    });
    const [mail] = mailer.sent;
    assert.match(mail!.text, /12 nye svar siden forrige oppsummering: det første 23\.11\.2026 kl\. 07:40/);
    assert.doesNotMatch(mail!.text, /og \d+ til/);
  },
);

Deno.test('form-confirmations: an ending without texts still says the answer arrived', async () => {
  const quiet = { ...kontaktOss, endings: [{ id: 'e_takk', title: '' }] };
  const { mailer, deps } = setup({ confirmations: [{ ...confirmation, definition: quiet }] });
  await run(deps, 'form-confirmations');
  assert.match(mailer.sent[0]!.text, /Fjord Rør AS har fått svaret ditt\./);
});
