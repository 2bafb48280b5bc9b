/**
 * The card-payment functions (supabase/functions/payments-setup, payments-pack, payments-local)
 * through the real platform with the LOCAL provider (no Stripe key; its objects in
 * _platform.local_payment_objects): save a card with Stripe's test cards, buy a ticket pack with it
 * (balance, ledger and the receipt e-mail change once), declines change nothing, 3-D Secure through
 * the test authentication, five concurrent replays of one purchase make one payment and one ledger row.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from '../../../supabase/local/testing/auth-helpers.ts';
import {
  hasDeno,
  startFunctionsTestPlatform,
  type FunctionsTestPlatform,
} from '../../../supabase/local/testing/functions-platform.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import { marketplaceOrganization, sql as runSql, type TestOrganization } from '../support/marketplace.ts';

type Org = TestOrganization;

interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: { code: string } };
}

const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: '123' });

describe.skipIf(!hasDeno)('card payments on the platform (local provider)', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;
  const marketplaceId = randomUUID();
  const packId = randomUUID();
  const receipts = uniqueEmail('kvittering');

  const sql = <T = Record<string, unknown>>(query: string, params?: unknown[]) =>
    runSql<T>(platform, query, params);

  async function organization(label: string, receiptEmail?: string): Promise<Org> {
    const org = await marketplaceOrganization(platform, marketplaceId, label);
    const id = org.id;
    if (receiptEmail) {
      await sql(`update public.organizations_payments_config set receipt_emails = array[$2] where id = $1`, [
        id,
        receiptEmail,
      ]);
    }
    return org;
  }

  async function call(name: string, org: Org, body: unknown, jwt = org.jwt): Promise<Answer> {
    const response = await fetch(`${platform.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: platform.config.anonKey,
        Authorization: `Bearer ${jwt}`,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  /** payments-setup start → payments-local confirmSetup (the test form) → payments-setup complete. */
  async function saveCard(org: Org, number: string, approve?: boolean) {
    const started = await call('payments-setup', org, { action: 'start', organizationId: org.id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ provider: 'local', publishableKey: null });
    const clientSecret = started.body.clientSecret as string;
    const confirmed = await call('payments-local', org, {
      action: 'confirmSetup',
      clientSecret,
      card: card(number),
    });
    // A refused card is an answer (200 `failed`), not an HTTP error (docs/payments.md «payments-local»).
    if (confirmed.status !== 200 || confirmed.body.status === 'failed') return confirmed;
    if (confirmed.body.status === 'requires_action' && approve !== undefined) {
      const authenticated = await call('payments-local', org, {
        action: 'authenticate',
        clientSecret,
        approve,
      });
      if (authenticated.status !== 200 || authenticated.body.status === 'failed') return authenticated;
    }
    return call('payments-setup', org, {
      action: 'complete',
      organizationId: org.id,
      setupIntentId: started.body.setupIntentId,
    });
  }

  const buy = (org: Org, requestId: string = randomUUID(), extra: Record<string, unknown> = {}) =>
    call('payments-pack', org, {
      action: 'buy',
      organizationId: org.id,
      kind: 'tickets',
      packId,
      requestId,
      card: 'saved',
      ...extra,
    });

  async function state(org: Org) {
    const [balance] = await sql<{ tickets: number; credits: number }>(
      `select tickets, credits from public.organizations_payments where id = $1`,
      [org.id],
    );
    const ledger = await sql<{ kind: string; tickets_delta: number; amount_ore: number; reference: string }>(
      `select kind, tickets_delta, amount_ore, reference from public.organizations_payments_ledger
       where organization_id = $1 order by id`,
      [org.id],
    );
    const payments = await sql<{
      id: string;
      status: string;
      failure_code: string | null;
      settled_at: unknown;
    }>(`select id, status, failure_code, settled_at from public.card_payments where organization_id = $1`, [
      org.id,
    ]);
    return { balance, ledger, payments };
  }

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;
    const owner = await signedInUser(platform, 'markedseier');
    await sql(`insert into public.marketplaces (id, owner_id, name) values ($1, $2, 'Håndverkertorget')`, [
      marketplaceId,
      owner.user.id,
    ]);
    await sql(
      `insert into public.marketplaces_ticket_packs (id, marketplace_id, tickets, price_ore) values ($1, $2, 25, 125000)`,
      [packId, marketplaceId],
    );
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('saves a card, buys a pack with it: balance, ledger and receipt change once', async () => {
    const org = await organization('Kortkunde', receipts);
    const saved = await saveCard(org, '4242 4242 4242 4242');
    expect(saved).toEqual({
      status: 200,
      body: { status: 'succeeded', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } },
    });
    const [config] = await sql<{ payment_method_id: string; stripe_customer_id: string; card_last4: string }>(
      `select payment_method_id, stripe_customer_id, card_last4 from public.organizations_payments_config where id = $1`,
      [org.id],
    );
    expect(config!.payment_method_id).toMatch(/^pm_local_4242_/);
    expect(config!.stripe_customer_id).toMatch(/^cus_local_/);
    expect(config!.card_last4).toBe('4242');

    const bought = await buy(org);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body).toMatchObject({ status: 'succeeded', balance: { tickets: 25, credits: 0 } });
    const after = await state(org);
    expect(after.balance).toEqual({ tickets: 25, credits: 0 });
    expect(after.ledger).toEqual([
      {
        kind: 'tickets_purchase',
        tickets_delta: 25,
        // 1 250 kr eks. mva + 25 % MVA.
        amount_ore: 156250,
        reference: `card_payment ${bought.body.paymentId as string}`,
      },
    ]);
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ id: bought.body.paymentId, status: 'succeeded' });

    const mails = await stack.mailsTo(receipts);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.Subject).toBe('Kvittering: 25 klipp – Håndverkertorget');
    expect(mails[0]!.Text).toContain('Betalt inkl. mva.: 1 562,50 kr');
    expect(mails[0]!.Text).toContain('Visa •••• 4242');

    // Confirming again (the app after a lost answer) changes nothing.
    const again = await call('payments-pack', org, {
      action: 'confirm',
      organizationId: org.id,
      paymentId: bought.body.paymentId,
    });
    expect(again.body).toMatchObject({ status: 'succeeded', balance: { tickets: 25, credits: 0 } });
    expect(await state(org)).toEqual(after);
    expect(await stack.mailsTo(receipts)).toHaveLength(1);
  });

  it('five concurrent buys with one requestId: one card payment, one ledger row', async () => {
    const org = await organization('Samtidig');
    expect((await saveCard(org, '5555555555554444')).status).toBe(200);
    const requestId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(org, requestId)));
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ status: 'succeeded', paymentId: answers[0]!.body.paymentId });
    }
    const after = await state(org);
    expect(after.payments).toHaveLength(1);
    expect(after.ledger).toHaveLength(1);
    expect(after.balance).toEqual({ tickets: 25, credits: 0 });
    const [intents] = await sql<{ n: number }>(
      `select count(*)::int as n from _platform.local_payment_objects where kind = 'payment_intent' and organization_id = $1`,
      [org.id],
    );
    expect(intents!.n).toBe(1);
  });

  it('declined cards: at setup nothing is saved; a saved card declined on payment changes nothing', async () => {
    const org = await organization('Avvist');
    const refused = await saveCard(org, '4000000000000002');
    expect(refused).toEqual({ status: 200, body: { status: 'failed', error: { code: 'card_declined' } } });
    const invalid = await saveCard(org, '4242424242424241');
    expect(invalid).toEqual({ status: 200, body: { status: 'failed', error: { code: 'incorrect_number' } } });
    const [none] = await sql<{ payment_method_id: string | null }>(
      `select payment_method_id from public.organizations_payments_config where id = $1`,
      [org.id],
    );
    expect(none!.payment_method_id).toBeNull();
    expect(await buy(org)).toEqual({ status: 409, body: { error: { code: 'no-saved-card' } } });

    // 4000 0000 0000 0341 attaches, every charge is declined.
    expect((await saveCard(org, '4000000000000341')).status).toBe(200);
    const declined = await buy(org);
    // A decline is an answer, not an HTTP error (the browser would log a 402 as a failed request).
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'failed', error: { code: 'card_declined' } });
    const after = await state(org);
    expect(after.balance).toEqual({ tickets: 0, credits: 0 });
    expect(after.ledger).toEqual([]);
    expect(after.payments).toEqual([
      expect.objectContaining({ status: 'failed', failure_code: 'card_declined', settled_at: null }),
    ]);
  });

  it('3-D Secure: saving and paying need the test authentication, then the pack is settled', async () => {
    const org = await organization('Sikker');
    const saved = await saveCard(org, '4000002760003184', true);
    expect(saved.body).toMatchObject({ status: 'succeeded', card: { last4: '3184' } });

    const started = await buy(org);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      status: 'requires_action',
      provider: 'local',
      publishableKey: null,
    });
    expect((await state(org)).ledger).toEqual([]);
    const clientSecret = started.body.clientSecret as string;
    const approved = await call('payments-local', org, {
      action: 'authenticate',
      clientSecret,
      approve: true,
    });
    expect(approved.body).toEqual({ status: 'succeeded', clientSecret });
    const confirmed = await call('payments-pack', org, {
      action: 'confirm',
      organizationId: org.id,
      paymentId: started.body.paymentId,
    });
    expect(confirmed.body).toMatchObject({ status: 'succeeded', balance: { tickets: 25, credits: 0 } });
    expect((await state(org)).ledger).toHaveLength(1);

    // Rejected on the test page: authentication_required, nothing changes.
    const second = await buy(org);
    const rejected = await call('payments-local', org, {
      action: 'authenticate',
      clientSecret: second.body.clientSecret,
      approve: false,
    });
    expect(rejected).toEqual({
      status: 200,
      body: { status: 'failed', error: { code: 'authentication_required' } },
    });
    const failed = await call('payments-pack', org, {
      action: 'confirm',
      organizationId: org.id,
      paymentId: second.body.paymentId,
    });
    expect(failed).toEqual({
      status: 200,
      body: {
        status: 'failed',
        paymentId: second.body.paymentId,
        error: { code: 'authentication_required' },
      },
    });
    expect((await state(org)).ledger).toHaveLength(1);
  });

  it('a new card in the payment: the browser confirms through payments-local, the card is kept', async () => {
    const org = await organization('Nyttkort');
    const started = await buy(org, randomUUID(), { card: 'new', saveCard: true });
    expect(started.body).toMatchObject({
      status: 'requires_confirmation',
      provider: 'local',
      publishableKey: null,
    });
    const paid = await call('payments-local', org, {
      action: 'confirmPayment',
      clientSecret: started.body.clientSecret,
      card: card('4000002500003155'),
      saveCard: true,
    });
    expect(paid.body).toMatchObject({ status: 'requires_action' });
    await call('payments-local', org, {
      action: 'authenticate',
      clientSecret: started.body.clientSecret,
      approve: true,
    });
    const confirmed = await call('payments-pack', org, {
      action: 'confirm',
      organizationId: org.id,
      paymentId: started.body.paymentId,
    });
    expect(confirmed.body).toMatchObject({ status: 'succeeded', balance: { tickets: 25, credits: 0 } });
    const [config] = await sql<{ payment_method_id: string }>(
      `select payment_method_id from public.organizations_payments_config where id = $1`,
      [org.id],
    );
    expect(config!.payment_method_id).toMatch(/^pm_local_3155_/);
    // 4000 0025 0000 3155 pays off-session once saved, but an on-session pack asks the bank again.
    expect((await buy(org)).body).toMatchObject({ status: 'requires_action' });
  });

  it('only owners and admins save cards and buy; strangers cannot use the local form on others’ intents', async () => {
    const org = await organization('Eierskap');
    const member = await signedInUser(platform, 'medlem');
    await sql(
      `insert into public.organizations_members (organization_id, member_id, role) values ($1, $2, 'member')`,
      [org.id, member.user.id],
    );
    const asMember = { ...org, jwt: member.session.access_token };
    expect(await call('payments-setup', asMember, { action: 'start', organizationId: org.id })).toEqual({
      status: 403,
      body: { error: { code: 'forbidden' } },
    });
    expect(await buy(asMember)).toEqual({ status: 403, body: { error: { code: 'forbidden' } } });

    const started = await call('payments-setup', org, { action: 'start', organizationId: org.id });
    const stranger = await signedInUser(platform, 'fremmed');
    const foreign = await call(
      'payments-local',
      org,
      { action: 'confirmSetup', clientSecret: started.body.clientSecret, card: card('4242424242424242') },
      stranger.session.access_token,
    );
    expect(foreign).toEqual({ status: 404, body: { error: { code: 'not-found' } } });
    const removed = await call('payments-setup', org, { action: 'remove', organizationId: org.id });
    expect(removed).toEqual({ status: 200, body: { removed: true } });
  });

  it('a NUL byte or a lone surrogate in a body is 400, never a 500 from the database', async () => {
    const org = await organization('Nullbyte');
    // setupIntentId is looked up in the local provider's table: the text must never get there.
    for (const setupIntentId of ['seti_\u0000', 'seti_\ud800']) {
      expect(
        await call('payments-setup', org, { action: 'complete', organizationId: org.id, setupIntentId }),
      ).toEqual({ status: 400, body: { error: { code: 'invalid-input' } } });
    }
    expect(
      await call('payments-pack', org, { action: 'confirm', organizationId: org.id, paymentId: '\u0000' }),
    ).toEqual({ status: 400, body: { error: { code: 'invalid-input' } } });
  });
});
