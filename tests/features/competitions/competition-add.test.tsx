import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CompetitionAddPage from '@/features/competitions/routes/add';
import {
  competitionsHandlers,
  newCompetitionsState,
  requestsTo,
  type CompetitionsState,
} from '../../msw/handlers/competitions';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: CompetitionsState = newCompetitionsState();
setupMswServer(...competitionsHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('competitions', 'campaign-errors', 'competition-errors');
});
beforeEach(() => {
  state = newCompetitionsState();
  signIn();
});

const open = () => renderApp(CompetitionAddPage, { path: '/fyllopp/add', entry: '/fyllopp/add' });

describe('/fyllopp/add', () => {
  it('refuses what the database would, in Norwegian, keeping what was typed and focusing the first', async () => {
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByLabelText('Felles mål'), '0');
    await user.type(screen.getByLabelText('Første dag'), '10.03.2027');
    await user.type(screen.getByLabelText('Siste dag'), '01.03.2027');
    await user.clear(screen.getByLabelText('Minst antall på et lag'));
    await user.type(screen.getByLabelText('Minst antall på et lag'), '4');
    await user.clear(screen.getByLabelText('Flest antall på et lag'));
    await user.type(screen.getByLabelText('Flest antall på et lag'), '3');
    await user.click(screen.getByRole('button', { name: 'Legg til gruppe' }));
    await user.type(screen.getByLabelText('Gruppe 1'), 'Kontoret');
    await user.click(screen.getByRole('button', { name: 'Legg til gruppe' }));
    await user.type(screen.getByLabelText('Gruppe 2'), 'kontoret');
    await user.selectOptions(screen.getByLabelText('Enhet'), 'custom');
    await user.click(screen.getByRole('button', { name: 'Lag konkurransen' }));

    expect(await screen.findByText('Skriv et navn.')).toBeInTheDocument();
    expect(screen.getByLabelText('Navn')).toHaveFocus();
    expect(screen.getByText('Siste dag kan ikke være før første dag.')).toBeInTheDocument();
    expect(screen.getByText('Skriv et tall større enn null.')).toBeInTheDocument();
    expect(screen.getByText('Skriv en enhet, for eksempel km.')).toBeInTheDocument();
    expect(screen.getByText('Flest på et lag kan ikke være færre enn minst på et lag.')).toBeInTheDocument();
    expect(screen.getByText('To grupper kan ikke ha samme navn.')).toBeInTheDocument();
    expect(screen.getByLabelText('Gruppe 1')).toHaveValue('Kontoret');
    expect(requestsTo(state, 'POST', 'rpc/create_competition')).toHaveLength(0);
  });

  it('creates the draft with its sizes and groups, then opens the editor', async () => {
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByLabelText('Navn'), 'Gå til jobben');
    await user.type(screen.getByLabelText('Første dag'), '01.03.2027');
    await user.type(screen.getByLabelText('Siste dag'), '30.03.2027');
    expect(await screen.findByText('30 dager, 01.03.2027 – 30.03.2027')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Felles mål'), '1 000 000');
    await user.selectOptions(screen.getByLabelText('Enhet'), 'skritt');
    await user.clear(screen.getByLabelText('Minst antall på et lag'));
    await user.type(screen.getByLabelText('Minst antall på et lag'), '2');
    await user.clear(screen.getByLabelText('Flest antall på et lag'));
    await user.type(screen.getByLabelText('Flest antall på et lag'), '3');
    await user.click(screen.getByRole('button', { name: 'Legg til gruppe' }));
    await user.type(screen.getByLabelText('Gruppe 1'), 'Kontoret');
    await user.click(screen.getByRole('button', { name: 'Legg til gruppe' }));
    await user.type(screen.getByLabelText('Gruppe 2'), 'Lageret');
    await user.click(screen.getByLabelText(/Snitt per aktivt medlem/));
    await user.click(screen.getByRole('button', { name: 'Lag konkurransen' }));

    await waitFor(() => expect(requestsTo(state, 'POST', 'competitions_groups')).toHaveLength(1));
    expect(requestsTo(state, 'POST', 'rpc/create_competition')[0]?.body).toEqual({
      input_organization_id: ORG,
      input_name: 'Gå til jobben',
      input_starts_on: '2027-03-01',
      input_ends_on: '2027-03-30',
      input_unit: 'skritt',
      input_goal: 1_000_000,
      input_scoring: 'average',
      input_team_max: 3,
    });
    expect(requestsTo(state, 'PATCH', 'competitions')[0]?.body).toEqual({ team_min: 2 });
    expect(requestsTo(state, 'POST', 'competitions_groups')[0]?.body).toEqual([
      {
        competition_id: 'cb000000-0000-4000-8000-0000000000bb',
        organization_id: ORG,
        name: 'Kontoret',
        position: 1,
      },
      {
        competition_id: 'cb000000-0000-4000-8000-0000000000bb',
        organization_id: ORG,
        name: 'Lageret',
        position: 2,
      },
    ]);
  });

  it('shows the refusal of the database and keeps the form', async () => {
    const user = userEvent.setup();
    state = newCompetitionsState({ refuse: { 'rpc/create_competition': 'campaign-write-refused' } });
    open();
    await user.type(await screen.findByLabelText('Navn'), 'Gå til jobben');
    await user.type(screen.getByLabelText('Første dag'), '01.03.2027');
    await user.type(screen.getByLabelText('Siste dag'), '30.03.2027');
    await user.type(screen.getByLabelText('Felles mål'), '100');
    await user.click(screen.getByRole('button', { name: 'Lag konkurransen' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText('Navn')).toHaveValue('Gå til jobben');
  });
});
