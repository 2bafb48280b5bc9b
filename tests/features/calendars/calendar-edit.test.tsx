import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CalendarEditPage from '@/features/calendars/routes/calendar-edit';
import { CALENDAR, calendarRow, doorRow, drawRow, prizeRow, winnerRow } from '../../factories/calendar';
import {
  calendarsHandlers,
  newCalendarsState,
  requestsTo,
  type CalendarsState,
} from '../../msw/handlers/calendars';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: CalendarsState = newCalendarsState();
setupMswServer(...calendarsHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('calendars', 'calendar-errors', 'media');
});
beforeEach(() => {
  state = newCalendarsState({ doors: [doorRow(1), doorRow(2), doorRow(3)] });
  signIn();
});

const open = (query = '') =>
  renderApp(CalendarEditPage, { path: '/calendar/:id/edit', entry: `/calendar/${CALENDAR}/edit${query}` });

describe('/calendar/:id/edit', () => {
  it('lists the doors with their opening moment in Oslo, and keeps the section in the URL', async () => {
    const { router } = open();
    const table = await screen.findByRole('table', { name: 'Lukene' });
    expect(within(table).getByText('01.12.2026, 08:00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Premier' }));
    expect(router.state.location.search).toBe('?section=prizes');
    expect(screen.getByRole('tab', { name: 'Premier' })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows the database's computed status, not one worked out from the doors", async () => {
    // The doors are in December 2026, but the database says the calendar has ended.
    state.calendars = [calendarRow({ published_at: '2026-11-25T10:00:00Z', calendar_status: 'ended' })];
    open();
    expect(await screen.findByRole('heading', { name: 'Julekalender 2026' })).toBeInTheDocument();
    // The handler, like PostgREST, sends calendar_status only when the select names it.
    expect(screen.getByText('Avsluttet')).toBeInTheDocument();
  });

  it('saves a door with a quiz: the answer and the voucher go to the secrets table, never the door', async () => {
    open('?door=2');
    await userEvent.type(await screen.findByLabelText('Tittel'), 'Luke 2: Varmepumpe');
    await userEvent.type(screen.getByLabelText('Rabattkode'), 'JUL2');
    await userEvent.click(screen.getByRole('radio', { name: 'Flervalg (ett riktig svar)' }));
    await userEvent.type(screen.getByLabelText('Spørsmålet'), 'Hva sparer en varmepumpe?');
    await userEvent.type(screen.getByLabelText('Svaralternativ 1'), 'Strøm');
    await userEvent.type(screen.getByLabelText('Svaralternativ 2'), 'Vann');

    // Without a marked answer the door is not saved, and what was typed stays.
    await userEvent.click(screen.getByRole('button', { name: 'Lagre luken' }));
    expect(await screen.findByText('Velg hvilket alternativ som er riktig.')).toBeInTheDocument();
    expect(requestsTo(state, 'PATCH', 'calendar_doors')).toHaveLength(0);

    await userEvent.click(screen.getByRole('radio', { name: 'Alternativ 1 er riktig' }));
    await userEvent.click(screen.getByRole('button', { name: 'Lagre luken' }));
    await waitFor(() => expect(requestsTo(state, 'POST', 'calendar_door_secrets')).toHaveLength(1));

    const [patch] = requestsTo(state, 'PATCH', 'calendar_doors');
    expect(patch?.url.searchParams.get('id')).toBe(`eq.${doorRow(2).id}`);
    expect(patch?.body).toMatchObject({
      title: 'Luke 2: Varmepumpe',
      quiz_kind: 'single',
      quiz_question: 'Hva sparer en varmepumpe?',
      quiz_options: ['Strøm', 'Vann'],
    });
    expect(JSON.stringify(patch?.body)).not.toMatch(/JUL2|quiz_answer|voucher/);
    // No row yet: the update finds none, then the secrets are added.
    expect(requestsTo(state, 'PATCH', 'calendar_door_secrets')[0]?.body).toEqual({
      quiz_answer: 'Strøm',
      voucher_code: 'JUL2',
    });
    const [secret] = requestsTo(state, 'POST', 'calendar_door_secrets');
    expect(secret?.body).toEqual({
      door_id: doorRow(2).id,
      organization_id: ORG,
      quiz_answer: 'Strøm',
      voucher_code: 'JUL2',
    });
  });

  it('keeps a door as typed and says why in Norwegian when the database refuses it', async () => {
    state.refuse.calendar_doors = 'calendar-door-outside-period';
    open('?door=1');
    await userEvent.type(await screen.findByLabelText('Tittel'), 'Første luke');
    await userEvent.click(screen.getByRole('button', { name: 'Lagre luken' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/utenfor kalenderens periode/);
    expect(screen.getByLabelText('Tittel')).toHaveValue('Første luke');
    expect(requestsTo(state, 'POST', 'calendar_door_secrets')).toHaveLength(0);
  });

  it('explains the lottery guard before saving, and shows the server refusal in Norwegian', async () => {
    state.prizes = [prizeRow()];
    state.refuse.calendars = 'calendar-lottery-refused';
    open('?section=rules');
    await userEvent.type(await screen.findByLabelText('Samtykketekst'), 'Jeg godtar reglene.');
    expect(screen.getByText(/Etter lotteriloven er det et lotteri/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Deltakelse krever kjøp' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/premier som trekkes tilfeldig \(Gavekort 5000 kr\)/);
    await userEvent.click(screen.getByRole('button', { name: 'Lagre regler og samtykke' }));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .map((alert) => alert.textContent)
          .join(' '),
      ).toMatch(/kan ikke publiseres: når deltakelse krever kjøp/),
    );
    expect(screen.getByLabelText('Samtykketekst')).toHaveValue('Jeg godtar reglene.');
    expect(requestsTo(state, 'PATCH', 'calendars')[0]?.body).toMatchObject({ requires_purchase: true });
  });

  it('will not publish without a consent text, and says where to write it', async () => {
    open();
    const publish = await screen.findByRole('button', { name: 'Publiser' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription(/Skriv samtykketeksten under «Regler og samtykke»/);
  });

  it('publishes once the consent text is there, after asking', async () => {
    state.calendars = [calendarRow({ consent_text: 'Jeg godtar reglene.' })];
    state.doors = [doorRow(1, { title: 'Velkommen' })];
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Publiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publisere «Julekalender 2026»?' });
    expect(requestsTo(state, 'PATCH', 'campaigns')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publiser' }));
    await waitFor(() => expect(requestsTo(state, 'PATCH', 'campaigns')).toHaveLength(1));
    expect(requestsTo(state, 'PATCH', 'calendars')).toHaveLength(0);
    expect(requestsTo(state, 'PATCH', 'campaigns')[0]?.body).toMatchObject({
      published_at: expect.stringMatching(/^\d{4}-/) as unknown,
    });
  });

  it('draws a winner: lock the list, draw, see hash, seed and ids, approve', async () => {
    const closed = doorRow(1, { opens_at: '2020-12-01T07:00:00Z', closes_at: '2020-12-02T07:00:00Z' });
    state.doors = [closed, doorRow(2)];
    state.prizes = [
      prizeRow({ id: 'a0000000-0000-4000-8000-000000000001', item_id: closed.id, name: 'Termokopp' }),
    ];
    open('?section=draws');
    expect(await screen.findByLabelText('Trekning for')).toHaveValue(closed.id);
    await userEvent.click(screen.getByRole('radio', { name: 'Bare riktige svar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Lås listen' }));
    await waitFor(() => expect(requestsTo(state, 'POST', 'rpc/commit_calendar_draw')).toHaveLength(1));
    expect(requestsTo(state, 'POST', 'rpc/commit_calendar_draw')[0]?.body).toEqual({
      input_calendar_id: CALENDAR,
      input_door_id: closed.id,
      input_prize_id: 'a0000000-0000-4000-8000-000000000001',
      input_eligibility: 'correct',
      input_exclude_previous_winners: true,
      input_winners_count: 1,
    });
    expect(await screen.findByText('a'.repeat(64))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Trekk vinner' }));
    expect(await screen.findByText('b'.repeat(64))).toBeInTheDocument();
    // «Trekk vinner» gives way to the winners; focus lands on the draw's heading, not the page.
    await waitFor(() => expect(screen.getByRole('heading', { level: 4 })).toHaveFocus());
    expect(screen.getByText(/e1000000-0000-4000-8000-000000000001/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Godkjenn Ola Nordmann (ola@example.no)' }));
    // The decision's buttons go; focus comes to the status it set.
    await waitFor(() => expect(screen.getByRole('cell', { name: 'Godkjent' })).toHaveFocus());
    expect(requestsTo(state, 'POST', 'rpc/decide_calendar_winner')[0]?.body).toEqual({
      input_winner_id: 'f0000000-0000-4000-8000-000000000001',
      input_approve: true,
    });
  });

  it('rejects a winner only with a reason, and sends the reason with the decision', async () => {
    state.draws = [
      {
        ...drawRow({ seed_hex: 'b'.repeat(64), drawn_at: '2026-12-02T08:01:00Z' }),
        campaign_draw_winners: [
          { ...winnerRow(), participants: { name: 'Ola Nordmann', email: 'ola@example.no' } },
        ],
      },
    ];
    open('?section=draws');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Avvis Ola Nordmann (ola@example.no) og trekk ny' }),
    );
    const reason = screen.getByLabelText(
      'Hvorfor avvises Ola Nordmann (ola@example.no)? (lagres med trekningen)',
    );
    expect(reason).toBeRequired();
    await userEvent.type(reason, '  Ansatt hos oss ');
    await userEvent.click(screen.getByRole('button', { name: 'Avvis og trekk ny' }));
    expect(await screen.findByText('Avvist')).toBeInTheDocument();
    expect(requestsTo(state, 'POST', 'rpc/decide_calendar_winner')[0]?.body).toEqual({
      input_winner_id: 'f0000000-0000-4000-8000-000000000001',
      input_approve: false,
      input_reason: 'Ansatt hos oss',
    });
  });
});
