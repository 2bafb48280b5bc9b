/**
 * The checkouts' recovery job through the campaign-jobs handler, with a fake database and mailer: each
 * step's e-mail (the nudge, the coupon with its link, the last one), the one-click unsubscribe, the
 * `now` passed to the claim, and a failed e-mail handed back with its step.
 */
import assert from 'node:assert/strict';
import type { Rpc } from '../_shared/database.ts';
import { FakeMailer, post } from '../_shared/testing.ts';
import { handleCampaignJobs, sameSecret, type CampaignJobsDeps } from './handler.ts';

const SERVICE_KEY = 'service.role.key';
const CHECKOUT = 'c0000000-0000-4000-8000-000000000001';
const SESSION = 'c0000000-0000-4000-8000-0000000000a1';
const SITE = 'http://localhost:5173';

const claim = {
  session_id: SESSION,
  checkout_id: CHECKOUT,
  checkout_name: 'Rørkurs for huseiere',
  organization_name: 'Fjord Rør AS',
  participant_id: 'c0000000-0000-4000-8000-0000000000c1',
  email: 'kari@example.no',
  name: 'Kari Nordmann',
  step: 1,
  coupon_code: null,
  coupon_percent_off: null,
  coupon_amount_off_ore: null,
  coupon_expires_at: null,
  token: 'token-kari',
};

function setup(claims: unknown[]) {
  const calls: [string, Record<string, unknown>][] = [];
  const rpc = ((name: string, args: Record<string, unknown>) => {
    calls.push([name, args]);
    if (name === 'campaign_email_senders') {
      return Promise.resolve([
        {
          campaign_id: CHECKOUT,
          organization_name: 'Fjord Rør AS',
          contact_email: 'post@fjordror.no',
          primary_color: null,
        },
      ]);
    }
    if (name === 'claim_checkout_recoveries') return Promise.resolve(claims.splice(0));
    if (name === 'release_checkout_recovery') return Promise.resolve(undefined);
    return Promise.reject(new Error(`unexpected rpc ${name}`));
  }) as Rpc;
  const mailer = new FakeMailer();
  const deps: CampaignJobsDeps = {
    isServiceKey: (token) => sameSecret(token, SERVICE_KEY),
    rpc,
    mailer,
    siteUrl: `${SITE}/`,
    functionsUrl: 'http://api.test/functions/v1/',
    removeFiles: () => Promise.reject(new Error('recovery removes no files')),
    clock: () => new Date('2026-11-24T13:10:00Z'),
    log: () => undefined,
  };
  return { calls, mailer, deps };
}

async function run(deps: CampaignJobsDeps, now?: string) {
  const response = await handleCampaignJobs(
    post(
      'http://functions.test/campaign-jobs',
      { job: 'checkout-recovery', ...(now ? { now } : {}) },
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
  'checkout-recovery: the first e-mail nudges, links the checkout and unsubscribes in one click',
  async () => {
    const { mailer, deps, calls } = setup([claim]);
    assert.deepEqual(await run(deps, '2026-11-24T13:15:00Z'), {
      job: 'checkout-recovery',
      sent: 1,
      failed: 0,
    });
    assert.deepEqual(calls[0], [
      'claim_checkout_recoveries',
      { input_now: '2026-11-24T13:15:00Z', input_limit: 200 },
    ]);
    const [mail] = mailer.sent;
    assert.equal(mail!.to, 'kari@example.no');
    assert.equal(mail!.subject, 'Du har ikke fullført kjøpet av Rørkurs for huseiere');
    assert.match(mail!.text, /Hei Kari,/);
    assert.ok(mail!.text.includes(`${SITE}/kasse/${CHECKOUT}`));
    assert.ok(
      mail!.text.includes(`${SITE}/kasse/participation?id=${CHECKOUT}&token=token-kari&unsubscribe=1`),
    );
    assert.equal(
      mail!.headers?.['List-Unsubscribe'],
      `<http://api.test/functions/v1/unsubscribe?kind=checkout&id=${CHECKOUT}&token=token-kari>`,
    );
    assert.equal(mail!.headers?.['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    assert.deepEqual(mail!.tags, ['checkout-recovery']);
  },
);

Deno.test(
  'checkout-recovery: the second e-mail offers the coupon and links it into the checkout',
  async () => {
    const { mailer, deps } = setup([
      {
        ...claim,
        step: 2,
        coupon_code: 'KOMTILBAKE',
        coupon_percent_off: 10,
        coupon_expires_at: '2026-12-01T22:59:00Z',
      },
    ]);
    await run(deps);
    const [mail] = mailer.sent;
    assert.equal(mail!.subject, '10 % rabatt på Rørkurs for huseiere');
    assert.match(
      mail!.text,
      /Bruk koden KOMTILBAKE i kassen, så får du 10 % rabatt\. Koden gjelder til 1\. desember\./,
    );
    assert.ok(mail!.text.includes(`${SITE}/kasse/${CHECKOUT}?rabatt=KOMTILBAKE`));
  },
);

Deno.test(
  'checkout-recovery: without a coupon the second e-mail is a plain reminder; the third says it is the last',
  async () => {
    const { mailer, deps } = setup([
      { ...claim, step: 2 },
      { ...claim, session_id: 'c0000000-0000-4000-8000-0000000000a2', step: 3, coupon_code: null },
    ]);
    await run(deps);
    assert.deepEqual(
      mailer.sent.map((mail) => mail.subject),
      ['Du har ikke fullført kjøpet av Rørkurs for huseiere', 'Siste påminnelse: Rørkurs for huseiere'],
    );
    assert.ok(!mailer.sent[0]!.text.includes('rabatt='));
  },
);

Deno.test('checkout-recovery: a failed e-mail hands its step back for the next run', async () => {
  const { mailer, deps, calls } = setup([{ ...claim, step: 2 }]);
  mailer.fail = true;
  assert.deepEqual(await run(deps), { job: 'checkout-recovery', sent: 0, failed: 1 });
  assert.deepEqual(
    calls.find(([name]) => name.startsWith('release_')),
    ['release_checkout_recovery', { input_session_id: SESSION, input_step: 2 }],
  );
});
