import { http, HttpResponse } from 'msw';
import type { PersonParticipation } from '@/lib/public/participation-api';
import { personParticipation } from '../../factories/participation';
import { SUPABASE } from '../../support/session';

const rpc = (name: string) => `${SUPABASE}/rest/v1/rpc/${name}`;
const notFound = () =>
  HttpResponse.json({ code: 'PT404', message: 'participant-not-found' }, { status: 404 });

/**
 * The engine's person functions by token, as the database answers them: `participation` reads the
 * person (null once deleted: participant-not-found), `withdraw_consent` changes them as the SQL does
 * (marketing for the organization also ends every reminder and is kept on the lead), and
 * `delete_participant` removes them. Only `token` is known; every call is recorded in `calls`.
 */
export type ParticipationState = {
  token: string;
  person: PersonParticipation | null;
  calls: { name: string; body: Record<string, unknown> }[];
};

export const newParticipationState = (overrides: Partial<ParticipationState> = {}): ParticipationState => ({
  token: 'abc',
  person: personParticipation(),
  calls: [],
  ...overrides,
});

const WITHDRAWN_AT = '2026-12-06T12:00:00Z';

export function participationHandlers(state: () => ParticipationState) {
  const call = async (name: string, request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    state().calls.push({ name, body });
    return body;
  };
  return [
    http.post(rpc('participation'), async ({ request }) => {
      const body = await call('participation', request);
      const { person, token } = state();
      return body.input_token === token && person ? HttpResponse.json(person) : notFound();
    }),
    http.post(rpc('withdraw_consent'), async ({ request }) => {
      const body = await call('withdraw_consent', request);
      const s = state();
      if (body.input_token !== s.token || !s.person) return notFound();
      const marketing = body.input_purpose === 'marketing';
      const all = body.input_campaign_id === null;
      s.person = {
        ...s.person,
        lead:
          s.person.lead && marketing && all
            ? { ...s.person.lead, marketing_withdrawn_at: WITHDRAWN_AT }
            : s.person.lead,
        campaigns: s.person.campaigns.map((campaign) =>
          all || campaign.campaign_id === body.input_campaign_id
            ? {
                ...campaign,
                reminders_opt_in: false,
                marketing_consent: marketing ? false : campaign.marketing_consent,
                consents: campaign.consents.map((consent) =>
                  marketing && consent.purpose === 'marketing' && !consent.withdrawn_at
                    ? { ...consent, withdrawn_at: WITHDRAWN_AT }
                    : consent,
                ),
              }
            : campaign,
        ),
      };
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(rpc('delete_participant'), async ({ request }) => {
      const body = await call('delete_participant', request);
      const s = state();
      if (body.input_token !== s.token || !s.person) return notFound();
      s.person = null;
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
