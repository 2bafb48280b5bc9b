import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import CalendarPage from '@/features/calendars/routes/calendar';
import CalendarDayPage from '@/features/calendars/routes/calendar-day';
import CalendarParticipationPage from '@/features/calendars/routes/calendar-participation';
import { rememberDetails, rememberedDetails } from '@/lib/public/remembered-details';
import { participationCampaign, personParticipation } from '../../factories/participation';
import { publicCalendar, publicDoor } from '../../factories/public-calendar';
import { newParticipationState, participationHandlers } from '../../msw/handlers/participation';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

const calendar = publicCalendar({
  winners: [
    { day_number: 4, prize_name: 'Gavekort', winner_name: 'Ola N.', announced_at: '2026-12-05T07:00:00Z' },
  ],
});
const rpc = (name: string) => `${SUPABASE}/rest/v1/rpc/${name}`;
const events: unknown[] = [];

const server = setupMswServer(
  http.post(rpc('calendar_public'), () => HttpResponse.json(calendar)),
  // The statistics call is fire and forget: a missing function must not matter.
  http.post(rpc('record_calendar_event'), async ({ request }) => {
    events.push(await request.json());
    return HttpResponse.json({ code: 'PGRST202', message: 'Could not find the function' }, { status: 404 });
  }),
);

const visit = (path: string) => window.history.pushState({}, '', path);

describe('/calendar/:id', () => {
  it('draws the doors with their states and names, today’s door, the countdown and yesterday’s winners', async () => {
    events.length = 0;
    visit(`/calendar/${calendar.id}`);
    render(<CalendarPage />);
    const today = await screen.findByRole('link', { name: 'Luke 5, dagens luke, åpen' });
    expect(today).toHaveAttribute('href', `/calendar/${calendar.id}/5`);
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(screen.getByRole('link', { name: 'Luke 4, stengt, kan leses' })).toBeInTheDocument();
    const locked = screen.getByRole('button', { name: 'Luke 6, åpner 6. desember kl. 08:00' });
    expect(locked).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(locked);
    expect(within(locked.closest('section')!).getByRole('status')).toHaveTextContent(
      'Luke 6 åpner 6. desember kl. 08:00.',
    );
    expect(screen.getByRole('timer')).toHaveTextContent(/\d+ d \d\d t \d\d min \d\d s/);
    expect(screen.getByRole('heading', { name: 'Gårsdagens vinnere' })).toBeInTheDocument();
    expect(screen.getByText(/Ola N\. vant Gavekort/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Julekalender 2026'));
    await waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toMatchObject({ input_calendar_id: calendar.id, input_kind: 'visit' });
  });

  it('says a missing calendar plainly', async () => {
    server.use(
      http.post(rpc('calendar_public'), () =>
        HttpResponse.json({ code: 'PT404', message: 'calendar-not-found' }, { status: 404 }),
      ),
    );
    visit('/calendar/nope');
    render(<CalendarPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Fant ikke kalenderen');
  });
});

describe('/calendar/:id/:dayId', () => {
  it('enters with the quiz answer, both consents and the time trap, and moves focus to the result', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(rpc('calendar_public_door'), () => HttpResponse.json(publicDoor())),
      http.post(rpc('submit_calendar_entry'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json([{ outcome: 'entered', is_correct: true, voucher_code: 'JUL5' }]);
      }),
    );
    visit(`/calendar/${calendar.id}/5`);
    render(<CalendarDayPage />);
    await screen.findByRole('heading', { name: 'Luke 5: Rørlegger-quiz', level: 1 });
    await waitFor(() => expect(document.title).toBe('Luke 5 – Julekalender 2026'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'PEX' }));
    await user.type(screen.getByLabelText('E-post'), 'kari@example.no');
    await user.type(screen.getByLabelText('Telefon (valgfritt)'), '912 34 567');
    await user.click(screen.getByRole('checkbox', { name: calendar.consent_text! }));
    await user.click(
      screen.getByRole('checkbox', { name: `${calendar.marketing_consent_text} (valgfritt)` }),
    );
    await user.click(screen.getByRole('button', { name: 'Send inn' }));

    const heading = await screen.findByRole('heading', { name: 'Takk for at du deltok!' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Riktig svar!')).toBeInTheDocument();
    expect(screen.getByText('JUL5')).toBeInTheDocument();
    expect(body).toMatchObject({
      input_calendar_id: calendar.id,
      input_day_number: 5,
      input_email: 'kari@example.no',
      input_phone: '912 34 567',
      input_name: null,
      input_answer: 'PEX',
      input_consent: true,
      input_marketing_consent: true,
      input_reminders_opt_in: false,
      input_honeypot: null,
      input_form_answers: {},
    });
    expect(typeof body?.input_form_shown_at).toBe('string');
  });

  it('asks for what is missing beside each field, and keeps what was typed when the database refuses', async () => {
    server.use(
      http.post(rpc('calendar_public_door'), () => HttpResponse.json(publicDoor())),
      http.post(rpc('submit_calendar_entry'), () =>
        HttpResponse.json({ code: 'P0001', message: 'participant-email-invalid' }, { status: 400 }),
      ),
    );
    visit(`/calendar/${calendar.id}/5`);
    render(<CalendarDayPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send inn' }));
    expect(screen.getByText('Svar på spørsmålet for å delta.')).toBeInTheDocument();
    expect(screen.getByText('Skriv e-postadressen din.')).toBeInTheDocument();
    expect(screen.getByText('Du må godta vilkårene for å delta.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'PEX' })).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: 'Avløp' }));
    await user.type(screen.getByLabelText('E-post'), 'kari@');
    await user.click(screen.getByRole('checkbox', { name: calendar.consent_text! }));
    await user.click(screen.getByRole('button', { name: 'Send inn' }));
    const email = screen.getByLabelText('E-post');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveValue('kari@');
    expect(email).toHaveAccessibleDescription(/E-postadressen ser ikke riktig ut/);
    expect(screen.getByRole('radio', { name: 'Avløp' })).toBeChecked();
  });

  it('says when a door that has not opened opens, in Oslo time, without asking for it', async () => {
    const asked = vi.fn();
    server.use(
      http.post(rpc('calendar_public_door'), () => {
        asked();
        return HttpResponse.json({ code: 'PT404', message: 'calendar-door-not-found' }, { status: 404 });
      }),
    );
    visit(`/calendar/${calendar.id}/20`);
    render(<CalendarDayPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Luke 20' })).toBeInTheDocument();
    // 07:00 UTC is 08:00 in Oslo in December, in 24-hour time.
    expect(screen.getByRole('status')).toHaveTextContent('Luke 20 åpner 20. desember kl. 08:00.');
    expect(screen.getByRole('link', { name: '← Tilbake til kalenderen' })).toHaveAttribute(
      'href',
      `/calendar/${calendar.id}`,
    );
    expect(screen.queryByRole('button', { name: 'Send inn' })).not.toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
  });

  it('says a door that is not in the calendar does not exist', async () => {
    visit(`/calendar/${calendar.id}/40`);
    render(<CalendarDayPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Denne luken finnes ikke');
    expect(within(alert).getByRole('link', { name: 'Tilbake til kalenderen' })).toBeInTheDocument();
  });
});

describe('/calendar/participation', () => {
  // The person's data is the engine's (tests/components/public/participation-view.test.tsx covers
  // its actions); here the calendar around it and the e-mail's unsubscribe link.
  let person = newParticipationState();
  beforeEach(() => {
    person = newParticipationState({
      person: personParticipation({
        campaigns: [participationCampaign({ campaign_id: calendar.id, name: calendar.name })],
      }),
    });
    server.use(...participationHandlers(() => person));
  });

  it('asks before it turns this calendar’s reminders off from the e-mail’s link (mail scanners open links), then says so', async () => {
    visit(`/calendar/participation?id=${calendar.id}&token=abc&unsubscribe=1`);
    render(<CalendarParticipationPage />);
    const ask = await screen.findByText(/Vil du ikke ha flere påminnelser fra Julekalender 2026\?/);
    await waitFor(() => expect(ask).toHaveFocus());
    expect(person.calls.some((call) => call.name === 'withdraw_consent')).toBe(false);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Din deltakelse i Julekalender 2026' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Din deltakelse – Julekalender 2026'));
    expect(screen.getByText('Luke 2').closest('li')).toHaveTextContent('Svar: PEX – Riktig');
    // Door 5 (today) and 6–24 are left; 2 was entered and 1, 3, 4 have closed.
    expect(screen.getByText('20 luker igjen å åpne.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå til kalenderen' })).toHaveAttribute(
      'href',
      `/calendar/${calendar.id}`,
    );
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Slå av påminnelser fra Julekalender 2026' }));
    const notice = await screen.findByText('Du får ikke flere påminnelser fra Julekalender 2026.');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(person.calls.find((call) => call.name === 'withdraw_consent')?.body).toEqual({
      input_token: 'abc',
      input_purpose: 'reminders',
      input_campaign_id: calendar.id,
    });
  });

  it('says from the e-mail’s link when this calendar’s reminders are already off', async () => {
    person.person!.campaigns[0]!.reminders_opt_in = false;
    visit(`/calendar/participation?id=${calendar.id}&token=abc&unsubscribe=1`);
    render(<CalendarParticipationPage />);
    const notice = await screen.findByText('Påminnelsene fra Julekalender 2026 er allerede slått av.');
    await waitFor(() => expect(notice).toHaveFocus());
  });

  it('deletes the data only after a confirmation, then has a heading and a title and forgets the details here', async () => {
    rememberDetails({ email: 'kari@example.no', name: 'Kari Nordmann', phone: '+4791234567' });
    visit(`/calendar/participation?id=${calendar.id}&token=abc`);
    render(<CalendarParticipationPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Slett mine opplysninger' }));
    expect(screen.getByRole('button', { name: 'Avbryt' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Ja, slett alt' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Opplysningene dine er slettet' });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(document.title).toBe('Opplysningene er slettet'));
    expect(person.calls.find((call) => call.name === 'delete_participant')?.body).toEqual({
      input_token: 'abc',
    });
    expect(rememberedDetails()).toEqual({});
  });

  it('names a link without its key, with a heading and a title', async () => {
    visit(`/calendar/participation?id=${calendar.id}`);
    render(<CalendarParticipationPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ugyldig lenke' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Lenken mangler nøkkelen');
    await waitFor(() => expect(document.title).toBe('Ugyldig lenke'));
  });

  it('says a wrong or old link is not valid', async () => {
    visit(`/calendar/participation?id=${calendar.id}&token=wrong`);
    render(<CalendarParticipationPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Lenken er ugyldig eller utløpt');
    await waitFor(() => expect(document.title).toBe('Ugyldig lenke'));
  });
});
