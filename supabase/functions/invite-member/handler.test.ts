import assert from 'node:assert/strict';
import type { Caller } from '../_shared/auth.ts';
import { errorCode, FakeMailer, post } from '../_shared/testing.ts';
import {
  acceptLink,
  handleInviteMember,
  sha256Hex,
  type InviteDeps,
  type OrganizationRole,
} from './handler.ts';

const URL_ = 'http://functions.test/invite-member';
const ORG = '00000000-0000-4000-8000-00000000000a';
const TOKEN = 'ab'.repeat(32);
const OWNER: Caller = { id: 'owner-id', email: 'eier@example.com', name: 'Eva Eier', jwt: 'owner-jwt' };
const MEMBER: Caller = { id: 'member-id', email: 'medlem@example.com', name: null, jwt: 'member-jwt' };

interface Invitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  tokenHash: string;
  open: boolean;
}

class FakeDb {
  roles = new Map<string, OrganizationRole>([
    [`${ORG}:owner-id`, 'owner'],
    [`${ORG}:member-id`, 'member'],
  ]);
  memberEmails = new Set(['eier@example.com', 'medlem@example.com']);
  invitations: Invitation[] = [];
  profileNames = new Map([['owner-id', 'Eva Eier (profil)']]);
  rlsRefuses = false;
  deleted: string[] = [];
  callerRole(caller: Caller, organizationId: string) {
    return Promise.resolve(this.roles.get(`${organizationId}:${caller.id}`) ?? null);
  }
  organizationName(_caller: Caller, organizationId: string) {
    return Promise.resolve(organizationId === ORG ? 'Fjordbygg AS' : null);
  }
  profileName(caller: Caller) {
    return Promise.resolve(this.profileNames.get(caller.id) ?? null);
  }
  isMember(_organizationId: string, email: string) {
    return Promise.resolve(this.memberEmails.has(email));
  }
  hasOpenInvitation(_caller: Caller, organizationId: string, email: string) {
    return Promise.resolve(
      this.invitations.some((i) => i.open && i.organizationId === organizationId && i.email === email),
    );
  }
  insertInvitation(
    _caller: Caller,
    input: { organizationId: string; email: string; role: string; tokenHash: string },
  ) {
    if (this.rlsRefuses) return Promise.resolve('forbidden' as const);
    const id = `inv-${this.invitations.length + 1}`;
    this.invitations.push({ id, ...input, open: true });
    return Promise.resolve({ id });
  }
  deleteInvitation(id: string) {
    this.deleted.push(id);
    this.invitations = this.invitations.filter((i) => i.id !== id);
    return Promise.resolve();
  }
}

function setup(caller: Caller | null = OWNER) {
  const db = new FakeDb();
  const mailer = new FakeMailer();
  const logs: string[] = [];
  const deps: InviteDeps = {
    authenticate: (request) =>
      Promise.resolve(request.headers.get('authorization') === 'Bearer valid' ? caller : null),
    db,
    mailer,
    siteUrl: 'http://localhost:5173/',
    newToken: () => TOKEN,
    log: (message) => logs.push(message),
  };
  const call = (body: unknown, headers: Record<string, string> = { Authorization: 'Bearer valid' }) =>
    handleInviteMember(post(URL_, body, headers), deps);
  return { db, mailer, logs, deps, call };
}

const valid = { organizationId: ORG, email: ' Ny.Person@Example.com ', role: 'admin' };

Deno.test('an owner invites: one e-mail with the accept link; only the token hash is stored', async () => {
  const { call, db, mailer } = setup();
  const response = await call(valid);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { invitationId: 'inv-1' });
  assert.equal(db.invitations.length, 1);
  const stored = db.invitations[0]!;
  assert.equal(stored.email, 'ny.person@example.com');
  assert.equal(stored.role, 'admin');
  assert.equal(stored.tokenHash, await sha256Hex(TOKEN));
  assert.match(stored.tokenHash, /^[0-9a-f]{64}$/);
  assert.notEqual(stored.tokenHash, TOKEN);
  assert.equal(mailer.sent.length, 1);
  const mail = mailer.sent[0]!;
  const link = `http://localhost:5173/auth/management?mode=acceptOrganizationInvite&oobCode=${TOKEN}`;
  assert.equal(acceptLink('http://localhost:5173/', TOKEN), link);
  assert.equal(mail.to, 'ny.person@example.com');
  assert.equal(mail.subject, 'Du er invitert til Fjordbygg AS på Leadtorget');
  assert.ok(mail.text.includes(link));
  assert.ok(mail.html.includes(`href="${link.replaceAll('&', '&amp;')}"`));
  assert.ok(mail.text.includes('Eva Eier (profil) har invitert deg til å bli administrator i Fjordbygg AS'));
  assert.ok(mail.html.includes('Fjordbygg AS'));
});

Deno.test('role defaults to member; the inviter falls back to metadata name, then e-mail', async () => {
  const { call, db, mailer } = setup();
  db.profileNames.clear();
  await call({ organizationId: ORG, email: 'a@example.com' });
  assert.equal(db.invitations[0]!.role, 'member');
  assert.ok(mailer.sent[0]!.text.includes('Eva Eier har invitert deg til å bli medlem'));
  const admin: Caller = { id: 'admin-id', email: 'admin@example.com', name: null, jwt: 'x' };
  const second = setup(admin);
  second.db.roles.set(`${ORG}:admin-id`, 'admin');
  const response = await second.call({ organizationId: ORG, email: 'b@example.com', role: 'member' });
  assert.equal(response.status, 200);
  assert.ok(second.mailer.sent[0]!.text.includes('admin@example.com har invitert deg'));
});

Deno.test('401 without a valid user JWT', async () => {
  const { call, mailer } = setup();
  for (const headers of [
    {} as Record<string, string>,
    { Authorization: 'Bearer invalid' },
    { Authorization: 'Basic valid' },
  ]) {
    const response = await call(valid, headers);
    assert.equal(response.status, 401);
    assert.equal(await errorCode(response), 'not-signed-in');
  }
  assert.equal(mailer.sent.length, 0);
});

Deno.test('400 invalid-input, invalid-email, invalid-role', async () => {
  const { call } = setup();
  const cases: [unknown, string][] = [
    ['{oops', 'invalid-input'],
    ['[]', 'invalid-input'],
    [{ email: 'a@example.com' }, 'invalid-input'],
    [{ organizationId: 'not-a-uuid', email: 'a@example.com' }, 'invalid-input'],
    [{ organizationId: ORG }, 'invalid-email'],
    [{ organizationId: ORG, email: 'nope' }, 'invalid-email'],
    [{ organizationId: ORG, email: `${'a'.repeat(250)}@example.com` }, 'invalid-email'],
    [{ organizationId: ORG, email: 'x@y..no' }, 'invalid-email'],
    [{ organizationId: ORG, email: 'x@-evil-.no' }, 'invalid-email'],
    [{ organizationId: ORG, email: 'x@evil-.no' }, 'invalid-email'],
    [{ organizationId: ORG, email: '"><script>alert(1)</script>@x.no' }, 'invalid-email'],
    [{ organizationId: ORG, email: 'x\u0000@y.no' }, 'invalid-input'],
    [{ organizationId: ORG, email: 'a@example.com', role: 'member\u0000' }, 'invalid-input'],
    [{ organizationId: ORG, email: 'a@example.com', role: 'owner' }, 'invalid-role'],
    [{ organizationId: ORG, email: 'a@example.com', role: 'boss' }, 'invalid-role'],
    [{ organizationId: ORG, email: 'a@example.com', role: 1 }, 'invalid-role'],
  ];
  for (const [body, code] of cases) {
    const response = await call(body);
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.equal(await errorCode(response), code, JSON.stringify(body));
  }
});

Deno.test('403 forbidden for a plain member, an outsider, and when RLS refuses the insert', async () => {
  const member = setup(MEMBER);
  const byMember = await member.call(valid);
  assert.equal(byMember.status, 403);
  assert.equal(await errorCode(byMember), 'forbidden');

  const outsider = setup({ ...MEMBER, id: 'outsider' });
  // Even for an address that is a member, an outsider learns nothing but 403.
  const probe = await outsider.call({ organizationId: ORG, email: 'eier@example.com' });
  assert.equal(probe.status, 403);

  const refused = setup();
  refused.db.rlsRefuses = true;
  const byRls = await refused.call(valid);
  assert.equal(byRls.status, 403);
  assert.equal(await errorCode(byRls), 'forbidden');
  assert.equal(refused.mailer.sent.length, 0);
});

Deno.test('409 already-member and already-invited', async () => {
  const { call, mailer } = setup();
  const member = await call({ organizationId: ORG, email: 'Medlem@example.com' });
  assert.equal(member.status, 409);
  assert.equal(await errorCode(member), 'already-member');
  assert.equal((await call(valid)).status, 200);
  const again = await call(valid);
  assert.equal(again.status, 409);
  assert.equal(await errorCode(again), 'already-invited');
  assert.equal(mailer.sent.length, 1);
});

Deno.test('a mailer failure is 500 unknown and withdraws the invitation', async () => {
  const { call, db, mailer, logs } = setup();
  mailer.fail = true;
  const response = await call(valid);
  assert.equal(response.status, 500);
  assert.equal(await errorCode(response), 'unknown');
  assert.deepEqual(db.deleted, ['inv-1']);
  assert.equal(db.invitations.length, 0);
  assert.deepEqual(logs, ['invite-member: unexpected failure']);
});

Deno.test('OPTIONS preflight and 405', async () => {
  const { deps } = setup();
  const preflight = await handleInviteMember(new Request(URL_, { method: 'OPTIONS' }), deps);
  assert.equal(preflight.status, 200);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  const get = await handleInviteMember(new Request(URL_, { method: 'GET' }), deps);
  assert.equal(get.status, 405);
  assert.equal(await errorCode(get), 'method-not-allowed');
});

Deno.test('random tokens are 32 bytes of hex and differ', async () => {
  const { randomToken } = await import('./handler.ts');
  const a = randomToken();
  assert.match(a, /^[0-9a-f]{64}$/);
  assert.notEqual(a, randomToken());
});
