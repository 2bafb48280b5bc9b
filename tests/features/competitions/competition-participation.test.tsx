import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { CompetitionParticipation } from '@/features/competitions/api/participation-api';
import CompetitionParticipationPage from '@/features/competitions/routes/participation';
import {
  captainParticipation,
  COMPETITION,
  competitionParticipation,
  KARI,
  PER,
} from '../../factories/competition-participation';
import { personParticipation, participationCampaign } from '../../factories/participation';
import { newParticipationState, participationHandlers } from '../../msw/handlers/participation';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

const rpc = (name: string) => `${SUPABASE}/rest/v1/rpc/${name}`;
const refuse = (code: string, status = 400) =>
  HttpResponse.json({ code: 'P0001', message: code }, { status });

/** What the database holds for the page, and every token call the page made. */
let me: CompetitionParticipation | null;
let publicFrozen = false;
const calls: { name: string; body: Record<string, unknown> }[] = [];
const recorded = async (name: string, request: Request) => {
  const body = (await request.json()) as Record<string, unknown>;
  calls.push({ name, body });
  return body;
};
const lastCall = (name: string) => calls.filter((call) => call.name === name).at(-1)?.body;

const server = setupMswServer(
  http.post(rpc('competition_participation'), async ({ request }) => {
    const body = await recorded('competition_participation', request);
    return body.input_token === 'abc' && me ? HttpResponse.json(me) : refuse('participant-not-found', 404);
  }),
  http.post(rpc('competition_public'), () =>
    HttpResponse.json({ frozen: publicFrozen, milestones: [], design: null }),
  ),
);

let person = newParticipationState();
beforeEach(() => {
  me = competitionParticipation();
  publicFrozen = false;
  calls.length = 0;
  person = newParticipationState({
    person: personParticipation({
      campaigns: [
        participationCampaign({
          campaign_id: COMPETITION,
          kind: 'competition',
          name: 'Sykle til jobben',
          entries: [],
        }),
      ],
    }),
  });
  server.use(...participationHandlers(() => person));
});

const visit = (query = `?id=${COMPETITION}&token=abc`) => {
  window.history.pushState({}, '', `/fyllopp/participation${query}`);
  render(<CompetitionParticipationPage />);
};

describe('/fyllopp/participation', () => {
  it('says it is loading, then shows my team, the shared bar, my entries and the engine’s part', async () => {
    visit();
    expect(screen.getByRole('status')).toHaveTextContent('Laster siden din …');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sykle til jobben: din side' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sykle til jobben – din side'));
    expect(screen.getByRole('progressbar', { name: /^Felles mål: 4\s000 km$/ })).toHaveAttribute(
      'aria-valuetext',
      expect.stringMatching(/^2\s012,5 km av 4\s000 km \(50,3 %\)$/),
    );
    const team = screen.getByRole('region', { name: 'Laget ditt: Pedalpuserne' });
    expect(within(team).getByText('2. plass')).toBeInTheDocument();
    expect(within(team).getByRole('progressbar', { name: 'Lagets mål: 400 km' })).toBeInTheDocument();
    expect(within(team).getByText('Kari N. (kaptein)')).toBeInTheDocument();
    expect(within(team).getByText('Ola N. – deg')).toBeInTheDocument();
    expect(within(team).getByText('3 ledige plasser')).toBeInTheDocument();
    const entries = screen.getByRole('region', { name: 'Registreringene dine' });
    expect(within(entries).getByText('Avvist av arrangøren: Bilkjøring teller ikke')).toBeInTheDocument();
    // The engine's page of the person's data loads when asked for, and deletes everything.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Vis opplysningene mine' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Dine opplysninger' })).toHaveFocus());
    await user.click(await screen.findByRole('button', { name: 'Slett mine opplysninger' }));
    await user.click(screen.getByRole('button', { name: 'Ja, slett alt' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opplysningene dine er slettet' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Opplysningene er slettet'));
    expect(screen.queryByRole('heading', { name: 'Sykle til jobben: din side' })).not.toBeInTheDocument();
  });

  it('says a wrong or expired link is not valid, with a heading and a title', async () => {
    visit(`?id=${COMPETITION}&token=wrong`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ugyldig lenke' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Lenken er ugyldig eller utløpt');
    await waitFor(() => expect(document.title).toBe('Ugyldig lenke'));
  });

  it('names a link without its key', async () => {
    visit(`?id=${COMPETITION}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Lenken mangler nøkkelen');
  });

  it('sends someone without a team to the teams to join one', async () => {
    me = competitionParticipation({ membership: null, team: null, entries: [], today_total: 0 });
    visit();
    const section = await screen.findByRole('region', { name: 'Du er ikke på et lag ennå' });
    expect(within(section).getByRole('link', { name: 'Finn et lag' })).toHaveAttribute(
      'href',
      `/fyllopp/${COMPETITION}/gruppe`,
    );
    expect(screen.queryByRole('region', { name: 'Registrer fremgang' })).not.toBeInTheDocument();
  });

  it('says what is left today before typing, logs with a decimal comma and announces it politely', async () => {
    visit();
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Registrer fremgang' });
    expect(within(form).getByText('Høyst 100 km per registrering.')).toBeInTheDocument();
    expect(
      within(form).getByText('Igjen å registrere for fredag 27. november 2026: 110 km av 150 km.'),
    ).toBeInTheDocument();
    server.use(
      http.post(rpc('log_competition_progress'), async ({ request }) => {
        await recorded('log_competition_progress', request);
        me = { ...me!, team: { ...me!.team!, total: 222.5 }, today_total: 52.5 };
        return HttpResponse.json('new-entry');
      }),
    );
    const amount = within(form).getByLabelText('Mengde (km)');
    await user.type(amount, '12,5');
    await user.type(within(form).getByLabelText('Notat (valgfritt)'), 'Omvei');
    await user.click(within(form).getByRole('button', { name: 'Registrer' }));
    expect(await screen.findByText('Registrert: 12,5 km for fredag 27. november 2026.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(lastCall('log_competition_progress')).toEqual({
      input_token: 'abc',
      input_competition_id: COMPETITION,
      input_amount: 12.5,
      input_on_date: '2026-11-27',
      input_note: 'Omvei',
    });
    expect(await screen.findByRole('progressbar', { name: 'Lagets mål: 400 km' })).toHaveAttribute(
      'aria-valuetext',
      '222,5 km av 400 km (52,5 %)',
    );
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveValue('');
  });

  it('sends a chosen photo first with the token, then logs the entry that claims it', async () => {
    const revoke = vi.fn();
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = revoke;
    const uploads: { query: string; token: string | null; type: string | null }[] = [];
    server.use(
      http.post(`${SUPABASE}/functions/v1/campaign-upload`, ({ request }) => {
        uploads.push({
          query: new URL(request.url).search,
          token: request.headers.get('x-participation-token'),
          type: request.headers.get('content-type'),
        });
        return HttpResponse.json({ upload_id: 'upload-1' }, { status: 201 });
      }),
      http.post(rpc('log_competition_progress_with_photo'), async ({ request }) => {
        await recorded('log_competition_progress_with_photo', request);
        return HttpResponse.json('new-entry');
      }),
    );
    visit();
    // The picker offers pictures; a phone's «all files» can still hand over something else.
    const user = userEvent.setup({ applyAccept: false });
    const form = await screen.findByRole('region', { name: 'Registrer fremgang' });
    // The photo field loads just after the form.
    const picker = await within(form).findByLabelText('Bilde (valgfritt)');
    await user.upload(picker, new File(['%PDF-1.7'], 'kvittering.pdf', { type: 'application/pdf' }));
    expect(within(form).getByText('Velg et bilde (JPG, PNG eller WebP).')).toBeInTheDocument();
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('img', { name: 'Bildet du har valgt' })).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Mengde (km)'), '7');

    await user.upload(picker, new File(['jpeg'], 'tur.jpg', { type: 'image/jpeg' }));
    expect(within(form).queryByText('Velg et bilde (JPG, PNG eller WebP).')).not.toBeInTheDocument();
    expect(within(form).getByRole('img', { name: 'Bildet du har valgt' })).toHaveAttribute(
      'src',
      'blob:photo',
    );
    await user.click(within(form).getByRole('button', { name: 'Registrer' }));
    expect(await screen.findByText('Registrert: 7 km for fredag 27. november 2026.')).toBeInTheDocument();
    expect(uploads).toEqual([
      { query: `?campaign=${COMPETITION}&purpose=competition-progress`, token: 'abc', type: 'image/jpeg' },
    ]);
    expect(lastCall('log_competition_progress_with_photo')).toEqual({
      input_token: 'abc',
      input_competition_id: COMPETITION,
      input_amount: 7,
      input_on_date: '2026-11-27',
      input_note: null,
      input_photo_upload_id: 'upload-1',
    });
    expect(within(form).queryByRole('img', { name: 'Bildet du har valgt' })).not.toBeInTheDocument();
    // The old field's clean-up is a passive effect: React runs it after the commit, later on a busy machine.
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:photo'));
  });

  it('shows a refused upload in Norwegian at the photo field and keeps the entry and the photo', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    server.use(
      http.post(`${SUPABASE}/functions/v1/campaign-upload`, () =>
        HttpResponse.json({ error: { code: 'campaign-upload-type' } }, { status: 415 }),
      ),
    );
    visit();
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Registrer fremgang' });
    await user.upload(
      await within(form).findByLabelText('Bilde (valgfritt)'),
      new File(['x'], 'a.heic', { type: 'image/heic' }),
    );
    await user.type(within(form).getByLabelText('Mengde (km)'), '7');
    await user.click(within(form).getByRole('button', { name: 'Registrer' }));
    // Said at the photo field, which takes the focus; the entry waits with what was typed.
    const picker = within(form).getByLabelText('Bilde (valgfritt)');
    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription(
        /Filtypen støttes ikke\. Velg et bilde \(JPG, PNG eller WebP\) eller en PDF\./,
      ),
    );
    expect(picker).toHaveFocus();
    expect(within(form).getByLabelText('Mengde (km)')).toHaveValue('7');
    expect(lastCall('log_competition_progress')).toBeUndefined();
    expect(within(form).getByRole('img', { name: 'Bildet du har valgt' })).toBeInTheDocument();
    expect(lastCall('log_competition_progress_with_photo')).toBeUndefined();
  });

  it('refuses over the limits before sending, and shows the server’s refusal keeping what was typed', async () => {
    visit();
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Registrer fremgang' });
    const amount = within(form).getByLabelText('Mengde (km)');
    await user.type(amount, '120');
    await user.click(within(form).getByRole('button', { name: 'Registrer' }));
    expect(
      within(form).getByText('Høyst 100 km per registrering. Del det opp, eller sjekk tallet.'),
    ).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveFocus();
    expect(lastCall('log_competition_progress')).toBeUndefined();

    // The page's figures were a moment old: the server knows of more logged today.
    server.use(http.post(rpc('log_competition_progress'), () => refuse('competition-day-limit')));
    await user.clear(amount);
    await user.type(amount, '80');
    await user.type(within(form).getByLabelText('Notat (valgfritt)'), 'Hjem');
    await user.click(within(form).getByRole('button', { name: 'Registrer' }));
    expect(
      await screen.findByText('Du har nådd grensen for hva du kan registrere på én dag.'),
    ).toBeInTheDocument();
    expect(amount).toHaveValue('80');
    expect(within(form).getByLabelText('Notat (valgfritt)')).toHaveValue('Hjem');
  });

  it('says when the day’s limit is reached, and lets another day be chosen', async () => {
    me = competitionParticipation({
      entries: [{ ...competitionParticipation().entries[0]!, amount: 150 }],
      today_total: 150,
    });
    visit();
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Registrer fremgang' });
    expect(
      within(form).getByText(
        'Du har nådd grensen på 150 km for fredag 27. november 2026. Velg en annen dag, eller vent til i morgen.',
      ),
    ).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Dato'), '2026-11-25');
    expect(
      within(form).getByText('Igjen å registrere for onsdag 25. november 2026: 150 km av 150 km.'),
    ).toBeInTheDocument();
  });

  it('deletes an entry and moves focus to the list', async () => {
    server.use(
      http.post(rpc('delete_competition_progress'), async ({ request }) => {
        await recorded('delete_competition_progress', request);
        me = { ...me!, entries: me!.entries.slice(1) };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    visit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Slett 40 km fra fredag 27. november 2026' }));
    expect(
      await screen.findByText('Registreringen på 40 km fra fredag 27. november 2026 er slettet.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Registreringene dine' })).toHaveFocus());
    expect(lastCall('delete_competition_progress')).toEqual({
      input_token: 'abc',
      input_entry_id: 'e-today',
    });
    expect(screen.queryByRole('button', { name: /Slett 40 km/ })).not.toBeInTheDocument();
  });

  it('leaves the team only after asking, then offers the teams', async () => {
    server.use(
      http.post(rpc('leave_competition_team'), async ({ request }) => {
        await recorded('leave_competition_team', request);
        me = { ...me!, membership: null, team: null };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    visit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Forlat Pedalpuserne' }));
    expect(screen.getByRole('button', { name: 'Avbryt' })).toHaveFocus();
    expect(lastCall('leave_competition_team')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Ja, forlat laget' }));
    expect(await screen.findByText('Du har forlatt Pedalpuserne.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Du er ikke på et lag ennå' })).toHaveFocus(),
    );
    expect(lastCall('leave_competition_team')).toEqual({
      input_token: 'abc',
      input_competition_id: COMPETITION,
    });
  });

  it('after the lock says the team stays, with no way to leave', async () => {
    me = competitionParticipation();
    me.competition.lock_at = '2026-11-26T23:00:00Z';
    visit();
    expect(
      await screen.findByText('Lagene er låst fra 27. november kl. 00:00, så du blir på laget ut fylloppet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Forlat/ })).not.toBeInTheDocument();
  });

  it('when frozen keeps my own entries and says the standings are hidden', async () => {
    publicFrozen = true;
    visit();
    expect(await screen.findByText(/Resultatlista er skjult de siste timene før slutt/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Slett 40 km fra fredag 27. november 2026' }),
    ).toBeInTheDocument();
  });

  it('when ended shows the entries without logging or deleting', async () => {
    me = competitionParticipation();
    me.competition.now = '2026-12-18T10:00:00Z';
    me.competition.status = 'ended';
    visit();
    expect(await screen.findByText('Fylloppet er over. Takk for at du var med!')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Registrer fremgang' })).not.toBeInTheDocument();
    expect(screen.getByText('Avvist av arrangøren: Bilkjøring teller ikke')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Slett 40 km/ })).not.toBeInTheDocument();
  });

  it('lets a captain approve a request, remove a member, hand over captaincy and copy the invite link', async () => {
    me = captainParticipation();
    const acted: string[] = [];
    const act = (name: string) =>
      http.post(rpc(name), async ({ request }) => {
        const body = await recorded(name, request);
        acted.push(name);
        if (name === 'decide_competition_join_request' && me?.team) {
          me = {
            ...me,
            team: {
              ...me.team,
              requests: [],
              members: [
                ...me.team.members,
                { member_id: PER, name: 'Per H.', role: 'member', joined_at: me.competition.now },
              ],
            },
          };
        }
        if (name === 'remove_competition_member' && me?.team)
          me = {
            ...me,
            team: {
              ...me.team,
              members: me.team.members.filter((m) => m.member_id !== body.input_member_id),
            },
          };
        if (name === 'hand_over_competition_captaincy' && me?.team)
          me = {
            ...me,
            membership: { ...me.membership!, role: 'member' },
            team: {
              ...me.team,
              invite_code: null,
              requests: [],
              members: me.team.members.map((m) => ({
                ...m,
                role: m.member_id === body.input_member_id ? 'captain' : 'member',
              })),
            },
          };
        return new HttpResponse(null, { status: 204 });
      });
    server.use(
      act('decide_competition_join_request'),
      act('remove_competition_member'),
      act('hand_over_competition_captaincy'),
    );
    visit();
    const user = userEvent.setup();
    const tools = await screen.findByRole('region', { name: 'Kapteinens verktøy' });
    expect(await within(tools).findByRole('textbox', { name: 'Lagkode: k3y5abc123' })).toHaveValue(
      `${window.location.origin}/fyllopp/${COMPETITION}/gruppe/cb000000-0000-4000-8000-0000000000d2?invite=k3y5abc123`,
    );
    await user.click(within(tools).getByRole('button', { name: 'Kopier lenken' }));
    expect(await within(tools).findByText('Lenken er kopiert.')).toBeInTheDocument();

    await user.click(within(tools).getByRole('button', { name: 'Godta Per H.' }));
    expect(await screen.findByText('Per H. er med på laget.')).toBeInTheDocument();
    expect(lastCall('decide_competition_join_request')).toEqual({
      input_token: 'abc',
      input_competition_id: COMPETITION,
      input_member_id: PER,
      input_approve: true,
    });

    await user.click(await screen.findByRole('button', { name: 'Fjern Per H.' }));
    await user.click(screen.getByRole('button', { name: 'Ja, fjern' }));
    expect(await screen.findByText('Per H. er fjernet fra laget.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Gjør Kari N. til kaptein' }));
    await user.click(screen.getByRole('button', { name: 'Ja, gjør til kaptein' }));
    expect(await screen.findByText('Kari N. er nå kaptein for laget.')).toBeInTheDocument();
    expect(lastCall('hand_over_competition_captaincy')).toMatchObject({ input_member_id: KARI });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Kapteinens verktøy' })).not.toBeInTheDocument(),
    );
    expect(acted).toEqual([
      'decide_competition_join_request',
      'remove_competition_member',
      'hand_over_competition_captaincy',
    ]);
  });

  it('switches the team to open and shows a refused captain action in Norwegian', async () => {
    me = captainParticipation();
    server.use(
      http.post(rpc('update_competition_team'), async ({ request }) => {
        await recorded('update_competition_team', request);
        me = { ...me!, team: { ...me!.team!, invite_only: false } };
        return new HttpResponse(null, { status: 204 });
      }),
      http.post(rpc('decide_competition_join_request'), () => refuse('competition-team-full', 409)),
    );
    visit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Alle kan bli med (så lenge det er plass)' }));
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Lagret: Alle kan bli med (så lenge det er plass).')).toBeInTheDocument();
    expect(lastCall('update_competition_team')).toEqual({
      input_token: 'abc',
      input_competition_id: COMPETITION,
      input_name: 'Pedalpuserne',
      input_motto: 'Tråkk til!',
      input_invite_only: false,
    });
    // The team is read again: the saved choice is what the server now holds.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lagre' })).toBeDisabled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Godta Per H.' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Godta Per H.' }));
    expect(
      await screen.findByText('Gruppen er full. Prøv en annen gruppe, eller lag en ny.'),
    ).toBeInTheDocument();
  });
});
