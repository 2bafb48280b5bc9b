/**
 * The real request-magic-link and invite-member functions (supabase/functions) through the real
 * platform: gateway → Deno worker → auth admin API, REST RPCs, the migrations' SQL → Mailpit's send API
 * on the outbox. Then the e-mail's link is used as the app would use it: verifyOtp with its token hash
 * and claim_sign_in_request with its temporary id; accept_organization_invitation with its oobCode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  anonClient,
  signedInUser,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../../supabase/local/testing/auth-helpers.ts';
import {
  hasDeno,
  startFunctionsTestPlatform,
  type FunctionsTestPlatform,
} from '../../../supabase/local/testing/functions-platform.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';

describe.skipIf(!hasDeno)('request-magic-link and invite-member on the platform', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** The newest message to `to`, through Mailpit's API as an e2e test would read it. */
  async function mailTo(to: string) {
    const [newest] = await stack.mailsTo(to);
    if (!newest) throw new Error(`no e-mail to ${to}`);
    return newest;
  }

  it('a stranger gets a link, signs in with its token hash and claims the saved target', async () => {
    const email = uniqueEmail('magic');
    const client = anonClient(platform);
    const invoked = await client.functions.invoke<{ sent: boolean }>('request-magic-link', {
      body: { email: email.toUpperCase(), redirectTo: 'http://localhost:5173/leads?tab=kjopt' },
    });
    expect(invoked.error).toBeNull();
    expect(invoked.data).toEqual({ sent: true });

    const mail = await mailTo(email);
    expect(mail.Subject).toMatch(/^Logg inn på /);
    const match = /http:\/\/localhost:5173\/auth\/([0-9a-f-]{36})\?token_hash=([^\s&"<]+)/.exec(mail.Text);
    expect(match, mail.Text).not.toBeNull();
    const [, temporaryId, tokenHash] = match!;

    // The account was created unconfirmed; the link confirms it.
    const verified = await client.auth.verifyOtp({
      type: 'magiclink',
      token_hash: decodeURIComponent(tokenHash!),
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();

    const claimed = await client.rpc('claim_sign_in_request', { input_id: temporaryId });
    expect(claimed.error).toBeNull();
    expect(claimed.data).toBe('http://localhost:5173/leads?tab=kjopt');

    // Someone else cannot claim it.
    const other = await signedInUser(platform, 'other');
    const stolen = await other.client.rpc('claim_sign_in_request', { input_id: temporaryId });
    expect(stolen.error?.message).toBe('sign-in-request-email-mismatch');
  });

  it('a known e-mail gets the same answer; a marketplace host brands the mail; a foreign target is refused', async () => {
    const admin = adminClient(platform);
    const owner = await admin.auth.admin.createUser({ email: uniqueEmail('mp'), password: STRONG_PASSWORD });
    expect(owner.error).toBeNull();
    await platform.db.query(
      `insert into public.marketplaces (id, owner_id, name) values ('11111111-1111-4111-8111-111111111111', $1, 'Håndverkertorget')`,
      [owner.data.user!.id],
    );
    await platform.db.query(
      `insert into public.marketplaces_urls (url, marketplace_id) values ('handverk.localhost', '11111111-1111-4111-8111-111111111111')`,
    );
    const known = (await signedInUser(platform, 'known')).email;
    const response = await fetch(`${platform.url}/functions/v1/request-magic-link`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: platform.config.anonKey },
      body: JSON.stringify({ email: known, redirectTo: 'http://handverk.localhost:5173/bli-partner' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: true });
    const mail = await mailTo(known);
    expect(mail.Subject).toBe('Logg inn på Håndverkertorget');
    expect(mail.Text).toContain('http://handverk.localhost:5173/auth/');

    const foreign = await fetch(`${platform.url}/functions/v1/request-magic-link`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: known, redirectTo: 'https://evil.example/' }),
    });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual({ error: { code: 'invalid-redirect' } });
  });

  it('the per-e-mail limit holds across requests (shared in the database): 429 with Retry-After', async () => {
    const email = uniqueEmail('limited');
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${platform.url}/functions/v1/request-magic-link`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, redirectTo: 'http://localhost:5173/' }),
      });
      statuses.push(response.status);
      if (response.status === 429) {
        retryAfter = response.headers.get('retry-after');
        expect(await response.json()).toEqual({ error: { code: 'rate-limited' } });
      } else {
        await response.body?.cancel();
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(500);
  });

  it('addresses GoTrue would refuse are 400 invalid-email; a NUL anywhere is 400 invalid-input', async () => {
    const cases: [string, string][] = [
      ['x@y..no', 'invalid-email'],
      ['x@-evil-.no', 'invalid-email'],
      ['"><script>alert(1)</script>@x.no', 'invalid-email'],
      ['x\u0000@y.no', 'invalid-input'],
    ];
    for (const [email, code] of cases) {
      const response = await fetch(`${platform.url}/functions/v1/request-magic-link`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, redirectTo: 'http://localhost:5173/' }),
      });
      expect(response.status, email).toBe(400);
      expect(await response.json(), email).toEqual({ error: { code } });
    }
  });

  it('the per-IP bucket is the peer the gateway appended, whatever X-Forwarded-For the caller sends', async () => {
    const hitsOf = async (key: string) => {
      const { rows } = await platform.db.query<{ hits: number }>(
        `select hits from private.rate_limits where key_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
        [key],
      );
      return rows[0]?.hits ?? 0;
    };
    const peer = 'request-magic-link:ip:127.0.0.1';
    const before = await hitsOf(peer);
    const forged = ['203.0.113.1', '203.0.113.2, 198.51.100.2', '10.0.0.3'];
    for (const value of forged) {
      const response = await fetch(`${platform.url}/functions/v1/request-magic-link`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': value },
        body: JSON.stringify({ email: uniqueEmail('rotating'), redirectTo: 'http://localhost:5173/' }),
      });
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    expect(await hitsOf(peer)).toBe(before + forged.length);
    for (const address of ['203.0.113.1', '203.0.113.2', '198.51.100.2', '10.0.0.3']) {
      expect(await hitsOf(`request-magic-link:ip:${address}`), address).toBe(0);
    }
  });

  it('an owner invites by e-mail; the invitee accepts with the link’s oobCode', async () => {
    const owner = await signedInUser(platform, 'owner');
    const created = await owner.client
      .from('organizations')
      .insert({ name: 'Fjordbygg AS', owner_id: owner.user.id })
      .select('id')
      .single<{ id: string }>();
    expect(created.error).toBeNull();
    const organizationId = created.data!.id;
    const invitee = await signedInUser(platform, 'invitee');

    const invited = await owner.client.functions.invoke<{ invitationId: string }>('invite-member', {
      body: { organizationId, email: invitee.email, role: 'member' },
    });
    expect(invited.error).toBeNull();
    expect(invited.data?.invitationId).toMatch(/^[0-9a-f-]{36}$/);

    const mail = await mailTo(invitee.email);
    expect(mail.Subject).toBe('Du er invitert til Fjordbygg AS på Leadtorget');
    const code = /mode=acceptOrganizationInvite&oobCode=([0-9a-f]{64})/.exec(mail.Text)?.[1];
    expect(code).toBeDefined();

    // Twice is already-invited; a member cannot invite; without a user JWT 401.
    const again = await owner.client.functions.invoke('invite-member', {
      body: { organizationId, email: invitee.email },
    });
    expect(again.error).not.toBeNull();
    const againResponse = (again.error as { context: Response }).context;
    expect(againResponse.status).toBe(409);
    expect(await againResponse.json()).toEqual({ error: { code: 'already-invited' } });
    const byInvitee = await invitee.client.functions.invoke('invite-member', {
      body: { organizationId, email: uniqueEmail('x') },
    });
    expect((byInvitee.error as { context: Response }).context.status).toBe(403);
    const anon = await anonClient(platform).functions.invoke('invite-member', {
      body: { organizationId, email: uniqueEmail('x') },
    });
    expect((anon.error as { context: Response }).context.status).toBe(401);

    const accepted = await invitee.client.rpc('accept_organization_invitation', { input_token: code });
    expect(accepted.error).toBeNull();
    expect(accepted.data).toBe(organizationId);

    const member = await owner.client.functions.invoke('invite-member', {
      body: { organizationId, email: invitee.email },
    });
    const memberResponse = (member.error as { context: Response }).context;
    expect(memberResponse.status).toBe(409);
    expect(await memberResponse.json()).toEqual({ error: { code: 'already-member' } });
  });
});
