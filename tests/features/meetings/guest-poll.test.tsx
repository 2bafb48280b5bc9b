import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import en from '@/features/meetings/components/guest/locales/en.json';
import nb from '@/features/meetings/components/guest/locales/nb.json';
import GuestPollRoute from '@/features/meetings/routes/guest-poll';
import { record, type Recorded } from '../../msw/rest';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

const TOKEN = 'a'.repeat(64);
let requests: Recorded[] = [];
let refuse: string | null = null;

const poll = (answer: 'yes' | null) => ({
  poll: {
    id: 'p1',
    title: 'Oppstartsmøte',
    description: null,
    duration_minutes: 60,
    deadline: '2030-12-01T11:00:00Z',
    status: 'open',
    hide_participants: false,
    chosen_option_id: null,
  },
  invitees: 2,
  options: [
    {
      id: 'o1',
      starts_at: '2030-12-03T09:00:00Z',
      ends_at: '2030-12-03T10:00:00Z',
      room_id: null,
      room_name: 'Fjorden',
      yes: answer ? 2 : 1,
      if_need_be: 0,
      no: 0,
      answers: answer ? [{ invitee_id: 'i2', answer, name: 'gjest', mine: true }] : [],
    },
  ],
});

let answered: 'yes' | null = null;
let guestName: string | null = null;
setupMswServer(
  http.post(`${SUPABASE}/rest/v1/rpc/meeting_poll_for_guest`, () =>
    HttpResponse.json({ ...poll(answered), guest_name: guestName }),
  ),
  http.post(`${SUPABASE}/rest/v1/rpc/answer_meeting_poll_as_guest`, async ({ request }) => {
    await record(requests, request);
    if (refuse) return HttpResponse.json({ code: 'P0001', message: refuse }, { status: 400 });
    answered = 'yes';
    return new HttpResponse(null, { status: 204 });
  }),
);

beforeEach(() => {
  requests = [];
  refuse = null;
  answered = null;
  guestName = null;
});

type Json = { [key: string]: string | Json };
const keysOf = (json: Json, prefix = ''): string[] =>
  Object.entries(json).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

describe('/motetid', () => {
  it('has the same keys in English and Norwegian', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(nb).sort());
  });

  it('shows the times in Oslo time, and the guest’s own when it differs, and saves the answer', async () => {
    const user = userEvent.setup();
    window.history.pushState({}, '', `/motetid?token=${TOKEN}`);
    render(<GuestPollRoute />);
    expect(await screen.findByRole('heading', { name: 'Oppstartsmøte', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Svar på møteforslag');
    const time = screen.getByRole('group', { name: 'tirsdag 3. desember 2030, 10:00–11:00' });
    // The tests run in Los Angeles: 01:00–02:00 there.
    expect(within(time).getByText('Din tid: tirsdag 3. desember, 01:00–02:00')).toBeInTheDocument();
    expect(within(time).getByText('Rom: Fjorden')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Lagre svaret' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Svar for minst ett tidspunkt.');
    expect(requests).toEqual([]);

    refuse = 'meeting-poll-deadline-passed';
    await user.click(within(time).getByLabelText('Ja'));
    await user.click(screen.getByRole('button', { name: 'Lagre svaret' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Svarfristen er ute.');
    expect(within(time).getByLabelText('Ja')).toBeChecked();

    refuse = null;
    await user.click(screen.getByRole('button', { name: 'Lagre svaret' }));
    expect(await screen.findByText(/Svaret ditt er lagret/)).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({
      input_token: TOKEN,
      input_answers: { o1: 'yes' },
      input_name: null,
    });
    expect(within(time).getByText('Svar så langt: 2 ja, 0 om nødvendig, 0 nei')).toBeInTheDocument();
  });

  it('sends the name the guest gives, trimmed, and shows the one given before', async () => {
    const user = userEvent.setup();
    guestName = 'Guri';
    window.history.pushState({}, '', `/motetid?token=${TOKEN}`);
    render(<GuestPollRoute />);
    const name = await screen.findByRole('textbox', { name: 'Navnet ditt (valgfritt)' });
    expect(name).toHaveValue('Guri');
    expect(name).toHaveAttribute('maxlength', '100');
    expect(name).toHaveAccessibleDescription(/i stedet for e-postadressen din/);
    await user.clear(name);
    await user.type(name, '  Guri Gjest ');
    await user.click(screen.getByLabelText('Ja'));
    await user.click(screen.getByRole('button', { name: 'Lagre svaret' }));
    expect(await screen.findByText(/Svaret ditt er lagret/)).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({
      input_token: TOKEN,
      input_answers: { o1: 'yes' },
      input_name: 'Guri Gjest',
    });
  });

  it('says the link is incomplete without its token', async () => {
    window.history.pushState({}, '', '/motetid');
    render(<GuestPollRoute />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Lenken mangler en del');
  });
});
