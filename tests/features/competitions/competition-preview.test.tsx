import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PublicCompetition, PublicTeamRow } from '@/features/competitions/api/public-competition';
import CompetitionPreviewPage from '@/features/competitions/routes/preview';
import { COMPETITION } from '../../factories/competition-participation';
import { leaderboardRow, publicCompetition, publicTeamRow } from '../../factories/public-competition';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn, SUPABASE } from '../../support/session';

const rpc = (name: string) => `${SUPABASE}/rest/v1/rpc/${name}`;

/** A draft as the public read answers a member: 19 November – 18 December 2026, teams locked 4 December. */
const competition = (overrides: Partial<PublicCompetition> = {}) =>
  publicCompetition({
    id: COMPETITION,
    status: 'draft',
    milestones: [{ percent: 50, label: 'Gavekort fra sponsor', reached: true }],
    top_teams: [leaderboardRow()],
    ...overrides,
  });
const teams: PublicTeamRow[] = [publicTeamRow({ group_name: 'Kontoret' })];
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
    expect(await screen.findByText('Start 19. november kl. 00:00.')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2026-11-27' } });
    expect(
      await screen.findByText('Du kan bli med på eller lage lag fram til 4. desember kl. 00:00.'),
    ).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2026-12-05' } });
    expect(await screen.findByText('Lagene er låst. Følg med på resultatlista!')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2026-12-20' } });
    expect(await screen.findByText('Fylloppet er over. Takk til alle som var med!')).toBeInTheDocument();
  });
});
