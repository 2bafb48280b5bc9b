import { http, HttpResponse } from 'msw';
import type { Database } from '@/lib/database.types';
import { invitationRow } from '../../factories/invitation';
import { memberListRow } from '../../factories/member';
import { organizationRow } from '../../factories/organization';
import { ORG as ORG_A, OTHER_ORG as ORG_B } from '../../support/ids';
import { SUPABASE } from '../../support/session';
import { record, single, type Recorded } from '../rest';

type Role = Database['public']['Enums']['organization_role'];

export { ORG_A, ORG_B };
export const OWNER = '22222222-2222-4222-8222-222222222222';
export const OTHER = '33333333-3333-4333-8333-333333333333';

/**
 * The organization screen's backend: the test user in Fjordbygg AS (ORG_A, in `state.myRole`, with
 * Per Hansen; Ola Eier owns it when the user does not) and a plain member of Nordlys Rør AS (ORG_B).
 * Writes are recorded in `state.requests`.
 */
export type OrganizationsState = { myRole: Role; lastSelected: string | null; requests: Recorded[] };

const organizations: Record<string, ReturnType<typeof organizationRow>> = {
  [ORG_A]: organizationRow({ id: ORG_A, owner_id: OWNER }),
  [ORG_B]: organizationRow({
    id: ORG_B,
    name: 'Nordlys Rør AS',
    organization_number: null,
    contact_email: null,
    owner_id: OWNER,
  }),
};

function members(state: OrganizationsState, organizationId: string) {
  if (organizationId === ORG_B)
    return [memberListRow({ role: 'member', created_at: '2026-02-01T10:00:00Z' })];
  const rows = [
    memberListRow({ role: state.myRole }),
    memberListRow({
      member_id: OTHER,
      name: 'Per Hansen',
      email: 'per@example.no',
      role: 'member',
      created_at: '2026-03-01T10:00:00Z',
    }),
  ];
  if (state.myRole !== 'owner') {
    rows.unshift(
      memberListRow({
        member_id: OWNER,
        name: 'Ola Eier',
        email: 'ola@example.no',
        role: 'owner',
        created_at: '2025-12-01T10:00:00Z',
      }),
    );
  }
  return rows;
}

export function organizationHandlers(state: OrganizationsState) {
  const write = async (request: Request, row: object) => {
    await record(state.requests, request);
    return single(request, row);
  };
  return [
    http.get(`${SUPABASE}/rest/v1/organizations_members`, () =>
      HttpResponse.json([
        { organization_id: ORG_A, role: state.myRole, organization: { id: ORG_A, name: 'Fjordbygg AS' } },
        { organization_id: ORG_B, role: 'member', organization: { id: ORG_B, name: 'Nordlys Rør AS' } },
      ]),
    ),
    http.get(`${SUPABASE}/rest/v1/users_configs`, ({ request }) =>
      single(request, { last_organization_selected_id: state.lastSelected }),
    ),
    http.patch(`${SUPABASE}/rest/v1/users_configs`, async ({ request }) => {
      await record(state.requests, request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${SUPABASE}/rest/v1/organizations`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')?.replace('eq.', '') ?? '';
      const row = organizations[id];
      return row ? single(request, row) : HttpResponse.json([]);
    }),
    http.post(`${SUPABASE}/rest/v1/rpc/organization_members_list`, async ({ request }) => {
      const body = (await request.json()) as { input_organization_id: string };
      return HttpResponse.json(members(state, body.input_organization_id));
    }),
    http.get(`${SUPABASE}/rest/v1/organizations_invitations`, () => HttpResponse.json([invitationRow()])),
    http.delete(`${SUPABASE}/rest/v1/organizations_invitations`, ({ request }) =>
      write(request, { id: 'inv-1' }),
    ),
    http.patch(`${SUPABASE}/rest/v1/organizations_members`, ({ request }) =>
      write(request, { member_id: OTHER }),
    ),
    http.delete(`${SUPABASE}/rest/v1/organizations_members`, ({ request }) =>
      write(request, { member_id: new URL(request.url).searchParams.get('member_id')?.replace('eq.', '') }),
    ),
    http.patch(`${SUPABASE}/rest/v1/organizations`, ({ request }) => write(request, { id: ORG_A })),
  ];
}
