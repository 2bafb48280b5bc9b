import type { ParticipationCampaign, PersonParticipation } from '@/lib/public/participation-api';

export const PARTICIPATION_CAMPAIGN = 'ca000000-0000-4000-8000-000000000001';
export const OTHER_CAMPAIGN = 'ca000000-0000-4000-8000-000000000002';

export function participationCampaign(overrides: Partial<ParticipationCampaign> = {}): ParticipationCampaign {
  return {
    campaign_id: PARTICIPATION_CAMPAIGN,
    kind: 'calendar',
    name: 'Julekalender 2026',
    joined_at: '2026-12-02T09:00:00Z',
    marketing_consent: true,
    reminders_opt_in: true,
    entries: [
      {
        item: 2,
        answer: 'PEX',
        is_correct: true,
        form_answers: { size: 'L' },
        created_at: '2026-12-02T09:00:00Z',
      },
    ],
    consents: [
      {
        purpose: 'participation',
        text: 'Jeg godtar reglene; svaret lagres.',
        given_at: '2026-12-02T09:00:00Z',
        withdrawn_at: null,
      },
      {
        purpose: 'marketing',
        text: 'Ja takk, send meg tilbud på e-post.',
        given_at: '2026-12-02T09:00:00Z',
        withdrawn_at: null,
      },
    ],
    ...overrides,
  };
}

/** `participation(token)`: a person in two calendars of one organization, with their lead. */
export function personParticipation(overrides: Partial<PersonParticipation> = {}): PersonParticipation {
  return {
    organization_name: 'Rørlegger Hansen AS',
    email: 'kari@example.no',
    name: 'Kari Nordmann',
    phone: null,
    lead: { source: 'calendar', created_at: '2026-12-02T09:00:00Z', marketing_withdrawn_at: null },
    campaigns: [
      participationCampaign(),
      participationCampaign({
        campaign_id: OTHER_CAMPAIGN,
        name: 'Påskekalender',
        joined_at: '2026-03-30T08:00:00Z',
        marketing_consent: false,
        reminders_opt_in: true,
        entries: [],
        consents: [
          {
            purpose: 'participation',
            text: 'Jeg godtar påskereglene.',
            given_at: '2026-03-30T08:00:00Z',
            withdrawn_at: null,
          },
        ],
      }),
    ],
    ...overrides,
  };
}
