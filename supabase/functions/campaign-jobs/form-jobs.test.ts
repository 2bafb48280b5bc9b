/**
 * The forms' jobs through the campaign-jobs handler, with a fake database and mailer: the notice of
 * a response to each member chosen, its answers by their labels, and a failed e-mail handed back.
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

function setup(claims: unknown[]) {
  const calls: [string, Record<string, unknown>][] = [];
  const rpc = ((name: string, args: Record<string, unknown>) => {
    calls.push([name, args]);
    if (name === 'campaign_email_senders') {
      return Promise.resolve([
        { campaign_id: FORM, organization_name: 'Fjord Rør AS', contact_email: null, primary_color: null },
      ]);
    }
    if (name === 'claim_form_notifications') return Promise.resolve(claims.splice(0));
    if (name === 'release_form_notifications') return Promise.resolve(undefined);
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

async function run(deps: CampaignJobsDeps) {
  const response = await handleCampaignJobs(
    post(
      'http://functions.test/campaign-jobs',
      { job: 'form-notifications' },
      {
        Authorization: `Bearer ${SERVICE_KEY}`,
      },
    ),
    deps,
  );
  assert.equal(response.status, 200);
  return response.json();
}

Deno.test(
  'form-notifications: each member chosen hears of the response, its answers by their labels',
  async () => {
    const { mailer, deps, calls } = setup([claim]);
    assert.deepEqual(await run(deps), { job: 'form-notifications', sent: 2, failed: 0 });
    assert.deepEqual(
      mailer.sent.map((mail) => mail.to),
      ['ola@fjordror.no', 'kari@fjordror.no'],
    );
    const [mail] = mailer.sent;
    assert.equal(mail!.subject, 'Nytt svar på Kontakt oss');
    assert.match(mail!.text, /sendt 24\.11\.2026 kl\. 14:05/);
    assert.match(mail!.text, /Navn: Eli <Fjell>/);
    assert.match(mail!.text, /Hva gjelder det, …\?: Service og reparasjon/);
    assert.match(mail!.text, /Dryppende kran på badet/);
    assert.match(mail!.html, /Eli &lt;Fjell&gt;/);
    assert.ok(mail!.html.includes(`${SITE}/forms/${FORM}/edit?section=results`));
    assert.deepEqual(mail!.tags, ['form-notification']);
    assert.equal(calls.filter(([name]) => name.startsWith('release_')).length, 0);
  },
);

Deno.test('form-notifications: a failed e-mail hands its response back for the next run', async () => {
  const { mailer, deps, calls } = setup([claim]);
  mailer.fail = true;
  assert.deepEqual(await run(deps), { job: 'form-notifications', sent: 0, failed: 2 });
  assert.deepEqual(
    calls.find(([name]) => name.startsWith('release_')),
    ['release_form_notifications', { input_response_ids: [RESPONSE] }],
  );
});

Deno.test('form-notifications: nothing claimed sends nothing', async () => {
  const { mailer, deps } = setup([]);
  assert.deepEqual(await run(deps), { job: 'form-notifications', sent: 0, failed: 0 });
  assert.equal(mailer.sent.length, 0);
});
