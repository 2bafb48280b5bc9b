import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PublicCompetition, PublicTeamRow } from '@/features/competitions/api/public-competition';
import CompetitionPreviewPage from '@/features/competitions/routes/preview';
import { COMPETITION } from '../../factories/competition-participation';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn, SUPABASE } from '../../support/session';

const rpc = (name: string) => `${SUPABASE}/rest/v1/rpc/${name}`;

/** A draft as the public read answers a member: 18 November – 17 December 2026, teams locked 3 December. */
const competition = (overrides: Partial<PublicCompetition> = {}): PublicCompetition => ({
  id: COMPETITION,
  name: 'Sykle til jobben',
  status: 'draft',
  now: '2026-11-27T10:00:00Z',
  unit: 'km',
  goal: 4000,
  team_goal: 400,
  scoring: 'total',
  min_active_members: 1,
  team_min: 2,
  team_max: 5,
  starts_on: '2026-11-18',
  ends_on: '2026-12-17',
  starts_at: '2026-11-17T23:00:00Z',
  ends_at: '2026-12-17T23:00:00Z',
  join_opens_at: null,
  lock_at: '2026-12-02T23:00:00Z',
  freeze_at: null,
  frozen: false,
  rules_text: null,
  consent_text: 'Jeg godtar reglene.',
  marketing_consent_text: null,
  reminders_enabled: true,
  design: null,
  background: null,
  total: 2000,
  percent: 50,
  milestones: [{ percent: 50, label: 'Gavekort fra sponsor', reached: true }],
  participants: 7,
  teams: 2,
  groups: [],
  top_teams: [
    {
      rank: 1,
      previous_rank: 1,
      team_id: 't1',
      group_id: null,
      name: 'Tråkkerne',
      score: 1200,
      total: 1200,
      active_members: 5,
      members: 5,
    },
  ],
  ...overrides,
});
const teams: PublicTeamRow[] = [
  {
    team_id: 't1',
    group_id: null,
    group_name: 'Kontoret',
    name: 'Tråkkerne',
    motto: null,
    invite_only: false,
    members: 5,
    free_places: 0,
    total: 1200,
    score: 1200,
    team_goal_percent: 100,
    rank: 1,
    photo: null,
  },
];
let published: PublicCompetition = competition();

setupMswServer(
  http.post(rpc('competition_public'), () => HttpResponse.json(published)),
  http.post(rpc('competition_public_teams'), () => HttpResponse.json(teams)),
);

beforeAll(async () => {
  await prepareI18n('member');
});
beforeEach(() => {
  published = competition();
  signIn();
});

const open = async () => {
  renderApp(CompetitionPreviewPage, {
    path: '/fyllopp/:id/preview',
    entry: `/fyllopp/${COMPETITION}/preview`,
  });
  return screen.findByLabelText('Vis som dato');
};

describe('/fyllopp/:id/preview', () => {
  it('shows a draft’s public page with its bar, top teams and teams, and says it is a draft', async () => {
    await open();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Forhåndsvisning: Sykle til jobben' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Fylloppet er et utkast/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /^Felles mål: 4\s000 km$/ })).toBeInTheDocument();
    expect(screen.getByText('50 %: Gavekort fra sponsor')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Topplagene' })).getByText('Tråkkerne'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Kontoret' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbake til redigering' })).toHaveAttribute(
      'href',
      `/fyllopp/${COMPETITION}/edit`,
    );
  });

  it('follows the test date: before the start, with the teams open, after the lock and after the end', async () => {
    published = competition({ status: 'scheduled' });
    const date = await open();
    fireEvent.change(date, { target: { value: '2026-11-10' } });
    expect(await screen.findByText('Start 18. november kl. 00:00.')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2026-11-27' } });
    expect(
      await screen.findByText('Du kan bli med på eller lage lag fram til 3. desember kl. 00:00.'),
    ).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2026-12-05' } });
    expect(await screen.findByText('Lagene er låst. Følg med på resultatlista!')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2026-12-20' } });
    expect(await screen.findByText('Fylloppet er over. Takk til alle som var med!')).toBeInTheDocument();
  });
});
