import { http, HttpResponse } from 'msw';
import { ORG } from '../../support/ids';
import { SUPABASE } from '../../support/session';
import { single } from '../rest';

type Role = 'owner' | 'admin' | 'member';

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
