/**
 * POST /functions/v1/invite-member `{ organizationId, email, role }` with the caller's JWT
 * (docs/auth-onboarding.md). The caller's own token decides what they may do (RLS): only owners and
 * admins of the organization get past the role check, and the insert itself runs with their JWT, so
 * the policy "Owners and admins can invite" has the last word. Only the SHA-256 of the random token is
 * stored; the token itself is only in the e-mail's link.
 *
 * Order: method → caller (401) → JSON → input (400) → caller's role (403, before anything about the
 * invitee is revealed) → already a member (409) → open invitation (409) → insert (403 if RLS refuses)
 * → e-mail (on failure the invitation is withdrawn again and the answer is 500).
 */
import type { Caller } from '../_shared/auth.ts';
import { errorResponse, json, withCaller, type Log } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { emailSchema, objectSchema, uuidSchema } from '../_shared/validation.ts';
import { z } from '../_shared/deps.ts';
import { invitationEmail } from './email.ts';

export type OrganizationRole = 'owner' | 'admin' | 'member';

export interface InviteDb {
  /** The caller's role in the organization, read with the caller's JWT (null: not a member). */
  callerRole(caller: Caller, organizationId: string): Promise<OrganizationRole | null>;
  /** The organization's name, read with the caller's JWT. */
  organizationName(caller: Caller, organizationId: string): Promise<string | null>;
  /** The caller's profile name, read with the caller's JWT. */
  profileName(caller: Caller): Promise<string | null>;
  /** Service role: is a user with this e-mail a member already? */
  isMember(organizationId: string, email: string): Promise<boolean>;
  /** Is there an unaccepted, unexpired invitation for this e-mail (caller's JWT; admins read them)? */
  hasOpenInvitation(caller: Caller, organizationId: string, email: string): Promise<boolean>;
  /** Inserts with the caller's JWT; 'forbidden' when RLS refuses. */
  insertInvitation(
    caller: Caller,
    invitation: { organizationId: string; email: string; role: 'admin' | 'member'; tokenHash: string },
  ): Promise<{ id: string } | 'forbidden'>;
  /** Service role: withdraws an invitation whose e-mail could not be sent. */
  deleteInvitation(id: string): Promise<void>;
}

export interface InviteDeps {
  /** The user of the request's JWT, or null (401). */
  authenticate(request: Request): Promise<Caller | null>;
  db: InviteDb;
  mailer: Mailer;
  /** Base of the accept link (the app). */
  siteUrl: string;
  /** 32 random bytes, hex (tests inject a fixed one). */
  newToken?: () => string;
  log?: Log;
}

const roleSchema = z.enum(['admin', 'member']);

export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function acceptLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/auth/management?mode=acceptOrganizationInvite&oobCode=${encodeURIComponent(token)}`;
}

export function handleInviteMember(request: Request, deps: InviteDeps): Promise<Response> {
  return withCaller(request, deps, 'invite-member', objectSchema, async (caller, object, log) => {
    // Field by field: a bad address or role has its own code, anything else is invalid-input.
    const organizationId = uuidSchema.safeParse(object.organizationId);
    if (!organizationId.success) return errorResponse(400, 'invalid-input');
    const email = emailSchema.safeParse(object.email);
    if (!email.success) return errorResponse(400, 'invalid-email');
    const role = roleSchema.safeParse(object.role ?? 'member');
    if (!role.success) return errorResponse(400, 'invalid-role');

    const callerRole = await deps.db.callerRole(caller, organizationId.data);
    if (callerRole !== 'owner' && callerRole !== 'admin') return errorResponse(403, 'forbidden');

    if (await deps.db.isMember(organizationId.data, email.data)) return errorResponse(409, 'already-member');
    if (await deps.db.hasOpenInvitation(caller, organizationId.data, email.data)) {
      return errorResponse(409, 'already-invited');
    }

    const token = (deps.newToken ?? randomToken)();
    const inserted = await deps.db.insertInvitation(caller, {
      organizationId: organizationId.data,
      email: email.data,
      role: role.data,
      tokenHash: await sha256Hex(token),
    });
    if (inserted === 'forbidden') return errorResponse(403, 'forbidden');

    try {
      const organizationName =
        (await deps.db.organizationName(caller, organizationId.data)) ?? 'organisasjonen';
      const inviterName = (await deps.db.profileName(caller)) ?? caller.name ?? caller.email;
      const mail = invitationEmail({
        email: email.data,
        link: acceptLink(deps.siteUrl, token),
        organizationName,
        inviterName,
        role: role.data,
      });
      await deps.mailer.send({ to: email.data, ...mail, tags: ['organization-invitation'] });
    } catch (error) {
      await deps.db
        .deleteInvitation(inserted.id)
        .catch((cleanup: unknown) => log('invite-member cleanup failed', cleanup));
      throw error;
    }
    return json(200, { invitationId: inserted.id });
  });
}
