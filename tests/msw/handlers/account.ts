import { http, HttpResponse } from 'msw';
import { ORG } from '../../support/ids';
import { SUPABASE } from '../../support/session';
import { single } from '../rest';

/** The signed-in user's memberships (the layout's organization switcher reads these). */
export const membershipHandlers = (role: () => 'owner' | 'admin' | 'member') => [
  http.get(`${SUPABASE}/rest/v1/organizations_members`, () =>
    HttpResponse.json([
      { organization_id: ORG, role: role(), organization: { id: ORG, name: 'Fjordbygg AS' } },
    ]),
  ),
  http.get(`${SUPABASE}/rest/v1/users_configs`, ({ request }) =>
    single(request, { last_organization_selected_id: ORG }),
  ),
];
