import { screen, within } from '@testing-library/react';
import CompetitionListPage from '@/features/competitions/routes/competition-list';
import { COMPETITION, competitionRow } from '../../factories/competition';
import {
  competitionsHandlers,
  newCompetitionsState,
  type CompetitionsState,
} from '../../msw/handlers/competitions';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: CompetitionsState = newCompetitionsState();
setupMswServer(...competitionsHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('competitions', 'campaign-errors', 'competition-errors');
});
beforeEach(() => {
  signIn();
});

describe('/fyllopp/list', () => {
  it('lists the competitions with status, teams, participants and progress toward the goal', async () => {
    state = newCompetitionsState({
      competitions: [competitionRow({ published_at: '2027-02-25T10:00:00Z' })],
      summaries: [
        {
          competition_id: COMPETITION,
          status: 'live',
          teams: 5,
          participants: 1234,
          total: 1031.5,
          goal: 2000,
          percent: 51.6,
        },
      ],
    });
    renderApp(CompetitionListPage, { path: '/fyllopp/list' });
    const link = await screen.findByRole('link', { name: 'Sykle til jobben' });
    expect(link).toHaveAttribute('href', `/fyllopp/${COMPETITION}/edit`);
    const row = link.closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Pågår')).toBeInTheDocument();
    expect(within(row).getByText('5')).toBeInTheDocument();
    expect(within(row).getByText(/^1\s234$/)).toBeInTheDocument();
    expect(within(row).getByText(/^1\s031,5 av 2\s000 km \(51,6 %\)$/)).toBeInTheDocument();
    expect(within(row).getByText('01.03.2027 – 30.03.2027')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Forhåndsvis' })).toHaveAttribute(
      'href',
      `/fyllopp/${COMPETITION}/preview`,
    );
    expect(screen.getByRole('link', { name: 'Ny konkurranse' })).toHaveAttribute('href', '/fyllopp/add');
  });

  it('leaves out a competition the summaries do not know, and shows a draft as «Utkast»', async () => {
    state = newCompetitionsState({
      summaries: [
        {
          competition_id: COMPETITION,
          status: 'draft',
          teams: 0,
          participants: 0,
          total: 0,
          goal: 2000,
          percent: 0,
        },
      ],
    });
    renderApp(CompetitionListPage, { path: '/fyllopp/list' });
    const row = (await screen.findByRole('link', { name: 'Sykle til jobben' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Utkast')).toBeInTheDocument();
  });

  it('explains a fill-up when there is none, with a link to make one', async () => {
    state = newCompetitionsState({ competitions: [], summaries: [] });
    renderApp(CompetitionListPage, { path: '/fyllopp/list' });
    expect(await screen.findByRole('heading', { name: 'Ingen konkurranser ennå' })).toBeInTheDocument();
    expect(screen.getByText(/hver deltaker som samtykker blir et lead/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lag din første konkurranse' })).toHaveAttribute(
      'href',
      '/fyllopp/add',
    );
  });
});
