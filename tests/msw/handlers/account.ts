import { http, HttpResponse } from 'msw';
import { ORG } from '../../support/ids';
import { SUPABASE } from '../../support/session';
import { single } from '../rest';

type Role = 'owner' | 'admin' | 'member';

/** A membership as the organization switcher and the guard read it. */
export type TestMembership = { organizationId: string; name: string; role: Role };

/**
 * The account facts behind useOrganizations(): the user's memberships and the last selected
 * organization (organizations_members and users_configs, as src/lib/account/queries.ts reads them).
 */
export function membershipListHandlers(memberships: TestMembership[], lastSelectedId: string | null = null) {
  return [
    http.get(`${SUPABASE}/rest/v1/organizations_members`, () =>
      HttpResponse.json(
        memberships.map(({ organizationId, name, role }) => ({
          organization_id: organizationId,
          role,
          organization: { id: organizationId, name },
        })),
      ),
    ),
    http.get(`${SUPABASE}/rest/v1/users_configs`, ({ request }) =>
      single(request, { last_organization_selected_id: lastSelectedId }),
    ),
  ];
}

/** The signed-in user's membership of ORG («Fjordbygg AS») in the given role, and ORG as last chosen. */
export const membershipHandlers = (role: () => Role) => [
  http.get(`${SUPABASE}/rest/v1/organizations_members`, () =>
    HttpResponse.json([
      { organization_id: ORG, role: role(), organization: { id: ORG, name: 'Fjordbygg AS' } },
    ]),
  ),
  http.get(`${SUPABASE}/rest/v1/users_configs`, ({ request }) =>
    single(request, { last_organization_selected_id: ORG }),
  ),
];
