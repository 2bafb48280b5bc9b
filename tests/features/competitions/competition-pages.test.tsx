import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import CompetitionCountdownPage from '@/features/competitions/routes/countdown';
import CompetitionTeamPage from '@/features/competitions/routes/group';
import CompetitionGroupsPage from '@/features/competitions/routes/group-list';
import CompetitionIframePage from '@/features/competitions/routes/iframe';
import CompetitionIntroPage from '@/features/competitions/routes/intro';
import {
  COMPETITION_ID,
  leaderboardRow,
  publicCompetition,
  publicTeam,
  publicTeamRows,
  TEAM_FULL,
  TEAM_INVITE_ONLY,
  TEAM_OPEN,
} from '../../factories/public-competition';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

const rpc = (name: string) => `${SUPABASE}/rest/v1/rpc/${name}`;
const refused = (code: string, status = 400) =>
  HttpResponse.json({ code: 'P0001', message: code }, { status });

const server = setupMswServer(
  http.post(rpc('competition_public'), () => HttpResponse.json(publicCompetition())),
  http.post(rpc('competition_public_teams'), () => HttpResponse.json(publicTeamRows())),
  http.post(rpc('competition_public_team'), () => HttpResponse.json(publicTeam())),
  http.post(rpc('competition_team_photos'), () => HttpResponse.json([])),
);

const visit = (path: string) => window.history.pushState({}, '', path);
/** Norwegian numbers group thousands with a no-break space, as Intl writes them. */
const nb = (text: string) => text.replace(/(\d) (?=\d{3})/g, '$1\u00a0');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** Fills in the participant part of a form: e-mail and the consent. */
async function fillParticipant(user: ReturnType<typeof userEvent.setup>, email = 'kari@example.no') {
  // The form loads when it opens.
  await user.type(await screen.findByLabelText('E-post'), email);
  await user.type(screen.getByLabelText('Navn (valgfritt)'), 'Kari Nordmann');
  await user.click(screen.getByRole('checkbox', { name: 'Jeg godtar reglene for Sykle til jobben.' }));
}

describe('/fyllopp/:id', () => {
  it('says it is loading, then shows the goal, the shared bar, the top teams and the way to join', async () => {
    visit(`/fyllopp/${COMPETITION_ID}`);
    render(<CompetitionIntroPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Laster fylloppet …');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sykle til jobben' })).toBeInTheDocument();
    // The title is set in an effect after the page's first paint.
    await waitFor(() => expect(document.title).toBe('Sykle til jobben – fyllopp'));
    expect(screen.getByRole('progressbar', { name: nb('Felles mål: 4 000 km') })).toHaveAttribute(
      'aria-valuetext',
      nb('2 137 km av 4 000 km (53,4 %)'),
    );
    const top = screen.getByRole('list', { name: 'Topplagene' });
    expect(within(top).getAllByRole('listitem')[1]).toHaveTextContent('Opp 1 plass siden i går');
    expect(screen.getByRole('link', { name: 'Bli med på et lag' })).toHaveAttribute(
      'href',
      `/fyllopp/${COMPETITION_ID}/gruppe`,
    );
    // The reached milestone is celebrated once, politely.
    expect(await screen.findByText('Milepæl nådd: 50 % – Gavekort!')).toBeInTheDocument();
    expect(localStorage.getItem(`leadtorget.competition.celebrated.${COMPETITION_ID}`)).toBe('50');
  });

  it('counts down before the start and offers pre-registration', async () => {
    server.use(
      http.post(rpc('competition_public'), () =>
        HttpResponse.json(
          publicCompetition({ status: 'scheduled', starts_at: '2026-12-01T23:00:00Z', top_teams: [] }),
        ),
      ),
    );
    visit(`/fyllopp/${COMPETITION_ID}`);
    render(<CompetitionIntroPage />);
    expect(await screen.findByRole('timer')).toHaveTextContent(/\d+ d \d\d t \d\d min \d\d s/);
    expect(screen.getByRole('link', { name: 'Meld deg på før start' })).toHaveAttribute(
      'href',
      `/fyllopp/countdown?id=${COMPETITION_ID}`,
    );
    expect(screen.getByText('Ingen lag har registrert noe ennå.')).toBeInTheDocument();
  });

  it('says a frozen scoreboard is hidden, and from when it shows the standings', async () => {
    server.use(
      http.post(rpc('competition_public'), () => HttpResponse.json(publicCompetition({ frozen: true }))),
    );
    visit(`/fyllopp/${COMPETITION_ID}`);
    render(<CompetitionIntroPage />);
    expect(
      await screen.findByText(
        /^Resultatlisten er skjult de siste timene før slutt\. Den viser stillingen fra 18\. desember kl\. 12:00/,
      ),
    ).toBeInTheDocument();
  });

  it('shows the final standings once ended, without yesterday’s changes', async () => {
    server.use(
      http.post(rpc('competition_public'), () => HttpResponse.json(publicCompetition({ status: 'ended' }))),
    );
    visit(`/fyllopp/${COMPETITION_ID}`);
    render(<CompetitionIntroPage />);
    const board = await screen.findByRole('list', { name: 'Sluttresultat' });
    expect(board).not.toHaveTextContent('siden i går');
    expect(screen.getByText('Fylloppet er over. Takk til alle som var med!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bli med på et lag' })).toBeNull();
  });

  it('says a draft or missing competition plainly, and offers a retry when the network failed', async () => {
    server.use(http.post(rpc('competition_public'), () => refused('competition-not-found', 404)));
    visit(`/fyllopp/${COMPETITION_ID}`);
    const { unmount } = render(<CompetitionIntroPage />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Vi fant ikke fylloppet. Det kan være slettet eller ikke publisert ennå.',
    );
    expect(screen.queryByRole('button', { name: 'Prøv igjen' })).toBeNull();
    unmount();

    server.use(http.post(rpc('competition_public'), () => HttpResponse.error()));
    render(<CompetitionIntroPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Fikk ikke kontakt med serveren');
    server.use(http.post(rpc('competition_public'), () => HttpResponse.json(publicCompetition())));
    await userEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sykle til jobben' })).toBeInTheDocument();
  });
});

describe('/fyllopp/:id/gruppe', () => {
  it('lists the teams by group with free places, and joins one with the participant’s details', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(rpc('join_competition_team'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ outcome: 'joined', team_id: TEAM_OPEN, team_name: 'Pedalpuserne' });
      }),
    );
    visit(`/fyllopp/${COMPETITION_ID}/gruppe`);
    render(<CompetitionGroupsPage />);
    const office = await screen.findByRole('region', { name: 'Kontoret' });
    await waitFor(() => expect(document.title).toBe('Lagene – Sykle til jobben'));
    expect(within(office).getByText(/5 deltakere · Fullt/)).toBeInTheDocument();
    expect(within(office).getByText('Bare med invitasjon')).toBeInTheDocument();
    // A full team offers no join button.
    expect(within(office).queryByRole('button', { name: 'Bli med på Tråkkerne' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(office).getByRole('button', { name: 'Bli med på Pedalpuserne' }));
    // The form loads when opened, and takes the focus to its heading.
    const heading = await screen.findByRole('heading', { name: 'Bli med på Pedalpuserne' });
    await waitFor(() => expect(heading).toHaveFocus());
    await fillParticipant(user);
    await user.click(screen.getByRole('button', { name: 'Bli med' }));

    const done = await screen.findByRole('heading', { name: 'Du er med på Pedalpuserne!' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Sjekk e-posten din' })).toBeInTheDocument();
    expect(body).toMatchObject({
      input_competition_id: COMPETITION_ID,
      input_team_id: TEAM_OPEN,
      input_invite_code: null,
      input_group_id: null,
      input_email: 'kari@example.no',
      input_name: 'Kari Nordmann',
      input_consent: true,
      input_honeypot: null,
    });
    expect(typeof body?.input_form_shown_at).toBe('string');
  });

  it('asks for what is missing beside each field before sending anything', async () => {
    visit(`/fyllopp/${COMPETITION_ID}/gruppe`);
    render(<CompetitionGroupsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Lag et nytt lag i Kontoret' }));
    await user.click(await screen.findByRole('button', { name: 'Lag laget' }));
    expect(screen.getByText('Rett feltene som er merket, og prøv igjen.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-post')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Lagnavn')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Gi laget et navn.')).toBeInTheDocument();
  });

  it('meets a full team with the catalogue’s message, offers the group’s teams with room, and keeps what was typed', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post(rpc('join_competition_team'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.input_team_id === TEAM_OPEN) return refused('competition-team-full', 409);
        return HttpResponse.json({
          outcome: 'requested',
          team_id: TEAM_INVITE_ONLY,
          team_name: 'Regnjakkene',
        });
      }),
      // Between the page's read and the join, Pedalpuserne filled up; Regnjakkene (invite-only) is not offered.
      http.post(rpc('competition_public_teams'), () =>
        HttpResponse.json([
          ...publicTeamRows(),
          {
            ...publicTeamRows()[1],
            team_id: 'cb000000-0000-4000-8000-0000000000d9',
            name: 'Kjedeslipperne',
            free_places: 4,
          },
        ]),
      ),
    );
    visit(`/fyllopp/${COMPETITION_ID}/gruppe`);
    render(<CompetitionGroupsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bli med på Pedalpuserne' }));
    await fillParticipant(user);
    await user.click(screen.getByRole('button', { name: 'Bli med' }));

    expect(
      await screen.findByText('Gruppen er full. Prøv en annen gruppe, eller lag en ny.'),
    ).toBeInTheDocument();
    const others = await screen.findByRole('heading', { name: 'Lag med ledig plass' });
    const box = others.parentElement!;
    expect(within(box).queryByRole('button', { name: /Regnjakkene/ })).toBeNull();
    expect(within(box).getByRole('button', { name: 'Lag et nytt lag' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-post')).toHaveValue('kari@example.no');
    expect(screen.getByLabelText('Navn (valgfritt)')).toHaveValue('Kari Nordmann');

    // «Lag et nytt lag» turns the form into a new team's, keeping the participant's details.
    await user.click(within(box).getByRole('button', { name: 'Lag et nytt lag' }));
    expect(await screen.findByRole('heading', { name: 'Lag et nytt lag' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-post')).toHaveValue('kari@example.no');
    expect(screen.getByLabelText('Gruppe')).toHaveValue(publicTeamRows()[0]!.group_id);
    expect(sent).toHaveLength(1);
  });

  it('joins another team with room in one step after a refusal', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post(rpc('join_competition_team'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.input_group_id) return refused('competition-no-open-team', 409);
        return HttpResponse.json({ outcome: 'joined', team_id: TEAM_OPEN, team_name: 'Pedalpuserne' });
      }),
    );
    visit(`/fyllopp/${COMPETITION_ID}/gruppe`);
    render(<CompetitionGroupsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Plasser meg i Kontoret' }));
    await fillParticipant(user);
    await user.click(screen.getByRole('button', { name: 'Plasser meg' }));
    expect(
      await screen.findByText('Ingen åpne lag i gruppen har plass. Lag et nytt lag.'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Bli med på Pedalpuserne i stedet' }));
    expect(await screen.findByRole('heading', { name: 'Du er med på Pedalpuserne!' })).toBeInTheDocument();
    expect(sent.map((body) => [body.input_group_id, body.input_team_id])).toEqual([
      [publicTeamRows()[0]!.group_id, null],
      [null, TEAM_OPEN],
    ]);
    expect(sent[1]).toMatchObject({ input_email: 'kari@example.no', input_consent: true });
  });

  it('creates a team in the group, the creator as captain', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(rpc('create_competition_team'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ outcome: 'created', team_name: 'Bakkebyks' });
      }),
    );
    visit(`/fyllopp/${COMPETITION_ID}/gruppe`);
    render(<CompetitionGroupsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Lag et nytt lag i Kontoret' }));
    expect(await screen.findByText('Du blir kaptein for laget.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Lagnavn'), 'Bakkebyks');
    await user.type(screen.getByLabelText('Motto (valgfritt)'), 'Opp og fram');
    await fillParticipant(user);
    await user.click(screen.getByRole('button', { name: 'Lag laget' }));
    expect(await screen.findByRole('heading', { name: 'Laget Bakkebyks er laget!' })).toHaveFocus();
    expect(body).toMatchObject({
      input_team_name: 'Bakkebyks',
      input_motto: 'Opp og fram',
      input_group_id: publicTeamRows()[0]!.group_id,
      input_invite_only: false,
    });
  });
});

describe('/fyllopp/:id/gruppe/:teamId', () => {
  it('shows the members, the captain, the progress and the activity, sets its Open Graph tags and shows no code', async () => {
    visit(`/fyllopp/${COMPETITION_ID}/gruppe/${TEAM_INVITE_ONLY}`);
    render(<CompetitionTeamPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Regnjakkene' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Regnjakkene – Sykle til jobben'));
    expect(screen.getByText('Kari N.').closest('li')).toHaveTextContent('Kaptein');
    expect(screen.getByRole('progressbar', { name: 'Lagets mål: 400 km' })).toHaveAttribute(
      'aria-valuetext',
      '294 km av 400 km (73,5 %)',
    );
    expect(screen.getByText('Kari N. registrerte 12,5 km')).toBeInTheDocument();
    expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${SUPABASE}/functions/v1/competition-og?team=${TEAM_INVITE_ONLY}`,
    );
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Regnjakkene – Sykle til jobben',
    );
    expect(document.body).not.toHaveTextContent(/invite=/);
  });

  it('shows the photos the members sent, each described, signed from the uploads bucket', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post(rpc('competition_team_photos'), () =>
        HttpResponse.json([
          {
            path: 'org/c/u1.jpg',
            name: 'Kari N.',
            amount: 12.5,
            on_date: '2026-11-27',
            created_at: '2026-11-27T07:00:00Z',
          },
        ]),
      ),
      http.post(`${SUPABASE}/functions/v1/public-media`, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({
          links: [{ path: 'org/c/u1.jpg', url: '/object/sign/campaign-uploads/org/c/u1.jpg?token=t' }],
        });
      }),
    );
    visit(`/fyllopp/${COMPETITION_ID}/gruppe/${TEAM_INVITE_ONLY}`);
    render(<CompetitionTeamPage />);
    const gallery = await screen.findByRole('region', { name: 'Bilder fra laget' });
    expect(
      await within(gallery).findByRole('img', { name: 'Bilde fra Kari N., 12,5 km, 27. november' }),
    ).toHaveAttribute('src', `${SUPABASE}/storage/v1/object/sign/campaign-uploads/org/c/u1.jpg?token=t`);
    expect(asked).toContainEqual({ paths: ['org/c/u1.jpg'], bucket: 'campaign-uploads' });
  });

  it('has no photo section while no member has sent a photo', async () => {
    visit(`/fyllopp/${COMPETITION_ID}/gruppe/${TEAM_INVITE_ONLY}`);
    render(<CompetitionTeamPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Regnjakkene' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Bilder fra laget' })).not.toBeInTheDocument(),
    );
  });

  it('asks an invite-only team’s captain when the visitor has no invite link', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(rpc('join_competition_team'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({
          outcome: 'requested',
          team_id: TEAM_INVITE_ONLY,
          team_name: 'Regnjakkene',
        });
      }),
    );
    visit(`/fyllopp/${COMPETITION_ID}/gruppe/${TEAM_INVITE_ONLY}`);
    render(<CompetitionTeamPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bli med på Regnjakkene' }));
    await fillParticipant(user);
    await user.click(screen.getByRole('button', { name: 'Bli med' }));
    expect(
      await screen.findByRole('heading', { name: 'Forespørselen er sendt til Regnjakkene' }),
    ).toHaveFocus();
    expect(screen.getByText(/Kapteinen bestemmer om du får bli med/)).toBeInTheDocument();
    expect(body).toMatchObject({ input_team_id: TEAM_INVITE_ONLY, input_invite_code: null });
  });

  it('joins through the invite link with the code, and keeps the form when the database refuses the e-mail', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post(rpc('join_competition_team'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (sent.length === 1) return refused('participant-email-invalid');
        return HttpResponse.json({ outcome: 'joined', team_id: TEAM_INVITE_ONLY, team_name: 'Regnjakkene' });
      }),
    );
    visit(`/fyllopp/${COMPETITION_ID}/gruppe/${TEAM_INVITE_ONLY}?invite=abc123defg`);
    render(<CompetitionTeamPage />);
    expect(
      await screen.findByRole('heading', {
        name: 'Du er invitert til Regnjakkene. Fyll inn skjemaet for å bli med.',
      }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await fillParticipant(user, 'kari@');
    await user.click(screen.getByRole('button', { name: 'Bli med' }));
    const email = screen.getByLabelText('E-post');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveFocus();
    expect(email).toHaveValue('kari@');
    await user.type(email, 'example.no');
    await user.click(screen.getByRole('button', { name: 'Bli med' }));
    expect(await screen.findByRole('heading', { name: 'Du er med på Regnjakkene!' })).toBeInTheDocument();
    expect(sent[1]).toMatchObject({
      input_team_id: null,
      input_invite_code: 'abc123defg',
      input_email: 'kari@example.no',
    });
  });

  it('says a missing team plainly with the way back to the teams', async () => {
    server.use(http.post(rpc('competition_public_team'), () => refused('competition-team-not-found', 404)));
    visit(`/fyllopp/${COMPETITION_ID}/gruppe/${TEAM_FULL}`);
    render(<CompetitionTeamPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Vi fant ikke laget.');
    expect(screen.getByRole('link', { name: 'Til fylloppet' })).toHaveAttribute(
      'href',
      `/fyllopp/${COMPETITION_ID}/gruppe`,
    );
  });
});

describe('/fyllopp/countdown', () => {
  it('counts down to the start and pre-registers', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(rpc('competition_public'), () =>
        HttpResponse.json(publicCompetition({ status: 'scheduled', starts_at: '2026-12-01T23:00:00Z' })),
      ),
      http.post(rpc('register_competition_participant'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json('registered');
      }),
    );
    visit(`/fyllopp/countdown?id=${COMPETITION_ID}`);
    render(<CompetitionCountdownPage />);
    expect(await screen.findByRole('timer')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Nedtelling – Sykle til jobben'));
    const user = userEvent.setup();
    await fillParticipant(user);
    await user.click(screen.getByRole('button', { name: 'Meld meg på' }));
    expect(await screen.findByRole('heading', { name: 'Du er påmeldt!' })).toHaveFocus();
    expect(body).toMatchObject({ input_competition_id: COMPETITION_ID, input_email: 'kari@example.no' });
  });
});

describe('/fyllopp/iframe', () => {
  it('shows the whole leaderboard by default, and the join box with ?vis=join', async () => {
    server.use(
      http.post(rpc('competition_leaderboard'), () =>
        HttpResponse.json([
          leaderboardRow(),
          leaderboardRow({ rank: 2, team_id: TEAM_OPEN, name: 'Pedalpuserne' }),
        ]),
      ),
    );
    visit(`/fyllopp/iframe?id=${COMPETITION_ID}`);
    const { unmount } = render(<CompetitionIframePage />);
    const board = await screen.findByRole('list', { name: 'Sykle til jobben – resultatliste' });
    expect(within(board).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Åpne fylloppet' })).toHaveAttribute('target', '_blank');
    unmount();

    visit(`/fyllopp/iframe?id=${COMPETITION_ID}&vis=join`);
    render(<CompetitionIframePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Plasser meg i Kontoret' }));
    const heading = await screen.findByRole('heading', { name: 'Plasser meg i Kontoret' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
