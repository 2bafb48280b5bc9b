import { http, HttpResponse } from 'msw';
import { MARKETPLACE, ORG } from '../../support/ids';
import { SUPABASE } from '../../support/session';
import { membershipListHandlers, type TestMembership } from './account';

/** marketplace_intro's answer (jsonb, so no generated row type): Leadtorget with three packs. */
export const introAnswer = {
  id: MARKETPLACE,
  name: 'Leadtorget',
  branding: { tagline: 'Kjøp og selg leads' },
  default_price_tickets: 1,
  default_price_credits: 100,
  default_price_ore: 9900,
  packs: [
    { id: 'p10', tickets: 10, price_ore: 100000 },
    { id: 'p25', tickets: 25, price_ore: 225000 },
    { id: 'p50', tickets: 50, price_ore: 400000 },
  ],
};

/** The signed-in user's one organization, Fjord Rør AS, in the given role and last selected. */
export function ownOrganizationHandlers(role: TestMembership['role'] = 'owner') {
  return membershipListHandlers([{ organizationId: ORG, name: 'Fjord Rør AS', role }], ORG);
}

/** marketplace_intro answering `answer` (null: no marketplace), recording what it was asked. */
export function introHandler(asked: unknown[], answer: Record<string, unknown> | null = introAnswer) {
  return http.post(`${SUPABASE}/rest/v1/rpc/marketplace_intro`, async ({ request }) => {
    asked.push(await request.json());
    return HttpResponse.json(answer);
  });
}
