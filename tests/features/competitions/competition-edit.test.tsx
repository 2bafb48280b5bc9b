import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearNotifications, getNotifications } from '@/components/notification-store';
import CompetitionEditPage from '@/features/competitions/routes/edit';
import {
  COMPETITION,
  GROUP_A,
  GROUP_B,
  TEAM_1,
  TEAM_2,
  competitionRow,
  groupRow,
  memberRow,
  teamRow,
} from '../../factories/competition';
import { mediaRow } from '../../factories/media';
import {
  competitionsHandlers,
  newCompetitionsState,
  requestsTo,
  type CompetitionsState,
} from '../../msw/handlers/competitions';
import { setupMswServer } from '../../msw/server';
import { readBlob } from '../../support/read-blob';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: CompetitionsState = newCompetitionsState();
setupMswServer(...competitionsHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('competitions', 'campaign-errors', 'competition-errors', 'media');
});
beforeEach(() => {
  state = newCompetitionsState({
    groups: [groupRow(GROUP_A, 'Kontoret', 1), groupRow(GROUP_B, 'Lageret', 2)],
    teams: [teamRow(TEAM_1, 'Tråkkerne', GROUP_A), teamRow(TEAM_2, 'Pedalpuserne', GROUP_A)],
    members: [
      memberRow(TEAM_1, 'Anne', { role: 'captain' }),
      memberRow(TEAM_1, 'Bjørn'),
      memberRow(TEAM_1, 'Cecilie'),
      memberRow(TEAM_2, 'Dina'),
    ],
  });
  signIn();
  clearNotifications();
});

/** The notices raised so far (the toast host is the shell's, not rendered here). */
const notices = () => getNotifications().map((item) => item.message);
const noticed = (message: string) => waitFor(() => expect(notices()).toContain(message));

const open = (query = '') =>
  renderApp(CompetitionEditPage, {
    path: '/fyllopp/:id/edit',
    entry: `/fyllopp/${COMPETITION}/edit${query}`,
  });

describe('/fyllopp/:id/edit', () => {
  it('keeps publishing back until the consent text is written', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Før du publiserer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publiser' })).toBeDisabled();
    expect(screen.getByText(/Skriv samtykketeksten under «Regler og samtykke»/)).toBeInTheDocument();
  });

  it('asks before publishing, lists the gaps and needs a second yes', async () => {
    const user = userEvent.setup();
    state.competitions = [
      competitionRow({ consent_text: 'Jeg godtar reglene.', rules_text: 'Arrangør er [arrangør].' }),
    ];
    open();
    await user.click(await screen.findByRole('button', { name: 'Publiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publisere «Sykle til jobben»?' });
    expect(within(dialog).getByText('Uutfylt fra malen i reglene: [arrangør]')).toBeInTheDocument();
    expect(within(dialog).getByText('1 gruppe uten lag: Lageret')).toBeInTheDocument();
    const anyway = within(dialog).getByRole('button', { name: 'Publiser likevel' });
    expect(anyway).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Jeg vil publisere likevel, med det som mangler'));
    await user.click(anyway);
    await noticed('Konkurransen er publisert.');
    const patch = requestsTo(state, 'PATCH', 'campaigns')[0]?.body as { published_at: string };
    expect(Date.parse(patch.published_at)).not.toBeNaN();
    expect(await screen.findByRole('button', { name: 'Avpubliser' })).toBeInTheDocument();
  });

  it('refuses details the database would refuse and keeps what was typed', async () => {
    const user = userEvent.setup();
    open('?section=details');
    const goal = await screen.findByLabelText('Felles mål');
    await user.clear(goal);
    await user.type(goal, 'mye');
    await user.click(screen.getByRole('button', { name: 'Legg til milepæl' }));
    await user.type(screen.getByLabelText('Prosent'), '150');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Skriv et tall større enn null.')).toBeInTheDocument();
    expect(goal).toHaveFocus();
    expect(screen.getByText('Skriv en prosent fra 1 til 100.')).toBeInTheDocument();
    expect(screen.getByText('Skriv hva som skjer, høyst 120 tegn.')).toBeInTheDocument();
    expect(goal).toHaveValue('mye');
    expect(requestsTo(state, 'PATCH', 'competitions')).toHaveLength(0);

    await user.clear(goal);
    await user.type(goal, '2500,5');
    await user.clear(screen.getByLabelText('Prosent'));
    await user.type(screen.getByLabelText('Prosent'), '50');
    await user.type(screen.getByLabelText('Hva skjer'), 'Kakefest');
    const save = screen.getByRole('button', { name: 'Lagre' });
    await user.click(save);
    await noticed('Lagret.');
    expect(requestsTo(state, 'PATCH', 'competitions')[0]?.body).toMatchObject({
      goal: 2500.5,
      milestones: [{ percent: 50, label: 'Kakefest' }],
    });
    await waitFor(() => expect(save).toHaveFocus());
  });

  it('moves a member: a full team answers with the catalogue message, another team takes them', async () => {
    const user = userEvent.setup();
    open('?section=groups');
    expect(await screen.findByRole('heading', { name: 'Tråkkerne' })).toBeInTheDocument();
    expect(screen.getByText('Fullt')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Flytt Dina til'), 'Tråkkerne');
    const dina = screen.getByRole('list', { name: 'Medlemmer i Pedalpuserne' });
    await user.click(within(dina).getByRole('button', { name: 'Flytt' }));
    expect(
      await screen.findByText('Gruppen er full. Prøv en annen gruppe, eller lag en ny.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Flytt Dina til')).toHaveValue(TEAM_1);

    await user.selectOptions(screen.getByLabelText('Flytt Bjørn til'), 'Pedalpuserne');
    const trakkerne = screen.getByRole('list', { name: 'Medlemmer i Tråkkerne' });
    await user.click(within(trakkerne).getAllByRole('button', { name: 'Flytt' })[1]!);
    await noticed('Bjørn er flyttet til Pedalpuserne.');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Medlemmer i Pedalpuserne' })).getByText('Bjørn'),
      ).toBeInTheDocument(),
    );
  });

  it('refuses a team name that is taken before asking the database', async () => {
    const user = userEvent.setup();
    open('?section=groups');
    await user.type(await screen.findByLabelText('Lagnavn'), 'tråkkerne');
    await user.click(screen.getByRole('button', { name: 'Legg til lag' }));
    expect(
      await screen.findByText('Det finnes allerede et lag med det navnet. Velg et annet navn.'),
    ).toBeInTheDocument();
    expect(requestsTo(state, 'POST', 'competitions_teams')).toHaveLength(0);
  });

  it("shows a team's photo with its alt text when editing it, and saves the team without it", async () => {
    const photo = mediaRow({ name: 'Lagbilde Tråkkerne', alt_text: 'Fire syklister foran kontoret' });
    state.media = [photo];
    state.teams = state.teams.map((team) => (team.id === TEAM_1 ? { ...team, media_id: photo.id } : team));
    const user = userEvent.setup();
    open('?section=groups');
    await user.click(await screen.findByRole('button', { name: 'Endre Tråkkerne' }));
    const field = screen.getByRole('group', { name: 'Lagbilde' });
    expect(within(field).getByText('Lagbilde Tråkkerne')).toBeInTheDocument();
    expect(within(field).getByText('Alt-tekst: Fire syklister foran kontoret')).toBeInTheDocument();
    await user.click(within(field).getByRole('button', { name: 'Fjern bildet' }));
    await user.click(screen.getByRole('button', { name: 'Lagre laget' }));
    await noticed('Lagret.');
    const [saved] = requestsTo(state, 'PATCH', 'competitions_teams');
    expect(saved?.body).toMatchObject({ name: 'Tråkkerne', media_id: null });
  });

  it('rejects a progress entry with a reason and restores it', async () => {
    const user = userEvent.setup();
    state.progress = [
      {
        id: 'cd000000-0000-4000-8000-000000000001',
        competition_id: COMPETITION,
        organization_id: state.competitions[0]?.organization_id ?? '',
        participant_id: 'ce000000-0000-4000-8000-000000000001',
        team_id: TEAM_1,
        amount: 420,
        on_date: '2027-03-02',
        note: null,
        created_at: '2027-03-02T18:00:00Z',
        rejected_at: null,
        rejected_reason: null,
        photo_upload_id: 'cd000000-0000-4000-8000-0000000000f1',
        participants: { name: 'Anne', email: 'anne@example.no' },
        campaign_uploads: { object_path: 'org/competition/photo.jpg' },
      },
    ];
    open('?section=moderation');
    // The photo sent with the entry, signed from the public's uploads for the moderator.
    expect(await screen.findByRole('img', { name: 'Bildet fra Anne (åpnes i ny fane)' })).toHaveAttribute(
      'src',
      expect.stringContaining('/object/sign/campaign-uploads/org/competition/photo.jpg'),
    );
    await user.click(await screen.findByRole('button', { name: 'Avvis registreringen til Anne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avvis registreringen til Anne' });
    await user.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    expect(await within(dialog).findByText('Skriv en begrunnelse (høyst 500 tegn).')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Begrunnelse'), 'Det er for langt på én dag.');
    await user.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    await noticed('Registreringen er avvist.');
    expect(requestsTo(state, 'POST', 'rpc/reject_competition_progress')[0]?.body).toEqual({
      input_entry_id: 'cd000000-0000-4000-8000-000000000001',
      input_reason: 'Det er for langt på én dag.',
    });
    await user.click(await screen.findByRole('button', { name: 'Gjenopprett' }));
    await noticed('Registreringen teller igjen.');
  });

  it('shows the figures, a chart with its table, and downloads the CSV', async () => {
    const user = userEvent.setup();
    state.statistics = {
      participants: 12,
      members: 10,
      teams: 4,
      active_members: 8,
      active_share: 0.8,
      total: 512.5,
      goal: 2000,
      percent: 25.6,
      entries: 40,
      rejected_entries: 1,
      days: [
        { date: '2027-03-01', amount: 200, entries: 15 },
        { date: '2027-03-02', amount: 312.5, entries: 25 },
      ],
    };
    state.exportRows = [
      {
        team_name: 'Tråkkerne',
        group_name: 'Kontoret',
        role: 'captain',
        status: 'active',
        name: 'Anne',
        email: 'anne@example.no',
        phone: '',
        joined_at: '2027-03-01T08:00:00Z',
        total: 12.5,
        entries: 2,
        marketing_consent: true,
      },
    ];
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:csv';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    open('?section=statistics');
    expect(await screen.findByText('80 %')).toBeInTheDocument();
    expect(screen.getByText(/512,5 av 2\s000 km \(25,6 %\)/)).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: '02.03.2027' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last ned deltakerne (CSV)' }));
    await noticed('1 rad er lastet ned.');
    const text = await readBlob(created[0]!);
    expect(text).toBe(
      '\uFEFFLag;Gruppe;Rolle;Status;Navn;E-post;Telefon;Ble med;Sum;Registreringer;Markedsføring\r\n' +
        'Tråkkerne;Kontoret;Kaptein;Aktiv;Anne;anne@example.no;;"01.03.2027, 09:00";"12,5";2;Ja\r\n',
    );
  });
});
