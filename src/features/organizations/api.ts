import { FunctionsHttpError } from '@supabase/functions-js';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { Database } from '@/lib/database.types';
import { AppError, toAppError, unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { isValidEmail } from '@/lib/validation/email';
import { isValidOrganizationNumber } from '@/lib/validation/organization-number';

/** The organization screen (/organization): details, members and invitations of one organization. */
export const organizationKeys = {
  all: ['organization-settings'] as const,
  details: (organizationId: string) => [...organizationKeys.all, organizationId, 'details'] as const,
  members: (organizationId: string) => [...organizationKeys.all, organizationId, 'members'] as const,
  invitations: (organizationId: string) => [...organizationKeys.all, organizationId, 'invitations'] as const,
};

export type Role = Database['public']['Enums']['organization_role'];
export const INVITABLE_ROLES = ['admin', 'member'] as const satisfies readonly Role[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const detailsSchema = z.object({
  name: z.string().trim().min(2, { error: 'details.nameInvalid' }).max(120, { error: 'details.nameInvalid' }),
  organizationNumber: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => value === '' || isValidOrganizationNumber(value), {
      error: 'details.organizationNumberInvalid',
    }),
  contactEmail: z.union([
    z.literal(''),
    z.string().refine(isValidEmail, { error: 'details.contactEmailInvalid' }),
  ]),
});

export type OrganizationDetails = {
  id: string;
  name: string;
  organizationNumber: string | null;
  contactEmail: string | null;
  ownerId: string;
};

export const detailsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.details(organizationId),
    queryFn: async (): Promise<OrganizationDetails> => {
      const row = unwrap(
        await supabase
          .from('organizations')
          .select('id, name, organization_number, contact_email, owner_id')
          .eq('id', organizationId)
          .maybeSingle(),
      );
      if (!row) throw new AppError('organization-not-found');
      return {
        id: row.id,
        name: row.name,
        organizationNumber: row.organization_number,
        contactEmail: row.contact_email,
        ownerId: row.owner_id,
      };
    },
  });

export async function updateDetails(input: {
  organizationId: string;
  name: string;
  organizationNumber: string;
  contactEmail: string;
}) {
  unwrap(
    await supabase
      .from('organizations')
      .update({
        name: input.name,
        organization_number: input.organizationNumber || null,
        contact_email: input.contactEmail || null,
      })
      .eq('id', input.organizationId)
      .select('id')
      .single(),
  );
}

export type Member = {
  memberId: string;
  name: string;
  img: string | null;
  email: string;
  role: Role;
  createdAt: string;
};

export const membersQuery = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.members(organizationId),
    queryFn: async (): Promise<Member[]> => {
      const rows = unwrap(
        await supabase.rpc('organization_members_list', { input_organization_id: organizationId }),
      );
      return (rows ?? []).map((row) => ({
        memberId: row.member_id,
        name: row.name ?? row.email,
        img: row.img,
        email: row.email,
        role: row.role,
        createdAt: row.created_at,
      }));
    },
  });

/** Owners and admins change roles between admin and member (policies: never to or from owner). */
export async function changeRole(input: { organizationId: string; memberId: string; role: InvitableRole }) {
  unwrap(
    await supabase
      .from('organizations_members')
      .update({ role: input.role })
      .eq('organization_id', input.organizationId)
      .eq('member_id', input.memberId)
      .select('member_id')
      .single(),
  );
}

/** Removes a member; removing oneself is leaving. The policy keeps the owner. */
export async function removeMember(input: { organizationId: string; memberId: string }) {
  unwrap(
    await supabase
      .from('organizations_members')
      .delete()
      .eq('organization_id', input.organizationId)
      .eq('member_id', input.memberId)
      .select('member_id')
      .single(),
  );
}

/** Leaves the organization and forgets it as the last selected one, so the guard picks another. */
export async function leaveOrganization(input: { organizationId: string; userId: string }) {
  await removeMember({ organizationId: input.organizationId, memberId: input.userId });
  const { error } = await supabase
    .from('users_configs')
    .update({ last_organization_selected_id: null })
    .eq('id', input.userId)
    .eq('last_organization_selected_id', input.organizationId);
  if (error) throw toAppError(error);
}

export type Invitation = { id: string; email: string; role: Role; expiresAt: string };

export const invitationsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.invitations(organizationId),
    queryFn: async (): Promise<Invitation[]> => {
      const rows = unwrap(
        await supabase
          .from('organizations_invitations')
          .select('id, email, role, expires_at')
          .eq('organization_id', organizationId)
          .is('accepted_at', null)
          .gt('expires_at', new Date().toISOString())
          .order('created_at', { ascending: false }),
      );
      return (rows ?? []).map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        expiresAt: row.expires_at,
      }));
    },
  });

export async function withdrawInvitation(invitationId: string) {
  unwrap(
    await supabase.from('organizations_invitations').delete().eq('id', invitationId).select('id').single(),
  );
}

/** The invite-member function's answers (docs/auth-onboarding.md), each with its own message. */
export const INVITE_ERROR_CODES = [
  'invalid-email',
  'invalid-role',
  'invalid-body',
  'forbidden',
  'already-member',
  'already-invited',
] as const;
export type InviteErrorCode = (typeof INVITE_ERROR_CODES)[number];

export class InviteError extends Error {
  constructor(readonly code: InviteErrorCode) {
    super(code);
    this.name = 'InviteError';
  }
}

export async function inviteMember(input: { organizationId: string; email: string; role: InvitableRole }) {
  const result = await supabase.functions.invoke<{ invitationId: string }>('invite-member', { body: input });
  const error: unknown = result.error;
  if (!error) return result.data;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body = (await response.json().catch(() => null)) as { error?: { code?: unknown } } | null;
    const code = body?.error?.code;
    if (typeof code === 'string' && (INVITE_ERROR_CODES as readonly string[]).includes(code)) {
      throw new InviteError(code as InviteErrorCode);
    }
    if (response.status === 401) throw new AppError('not-signed-in', { cause: error });
  }
  throw toAppError(error);
}
