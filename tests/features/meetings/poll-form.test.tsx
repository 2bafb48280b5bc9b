import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MeetingsPlannerPage from '@/features/meetings/routes/planner';
import { meetingsHandlers, newMeetingsState, type MeetingsState } from '../../msw/handlers/meetings';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: MeetingsState = newMeetingsState();
setupMswServer(...meetingsHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('meetings', 'meeting-errors');
});
beforeEach(() => {
  state = newMeetingsState();
  signIn();
});

const creates = () =>
  state.requests.filter((request) => request.url.pathname.endsWith('create_meeting_poll'));

/** Types an Oslo date and time into a candidate time's fieldset. */
async function setTime(user: ReturnType<typeof userEvent.setup>, legend: string, date: string, time: string) {
  const group = screen.getByRole('group', { name: legend });
  await user.type(within(group).getByLabelText('Dato'), date);
  await user.type(within(group).getByLabelText('Klokkeslett'), time);
  await user.tab();
}

async function openForm() {
  const user = userEvent.setup();
  renderApp(MeetingsPlannerPage, { path: '/meeting' });
  await screen.findByRole('heading', { name: 'Fjorden' });
  await user.click(screen.getAllByRole('button', { name: 'Nytt møteforslag' })[0]!);
  return { user, dialog: await screen.findByRole('dialog', { name: 'Nytt møteforslag' }) };
}

describe('the planner’s poll form', () => {
  it('says in Norwegian what is missing and sends nothing', async () => {
    const { user, dialog } = await openForm();
    await user.clear(within(dialog).getByLabelText(/Varighet i minutter/));
    await user.type(within(dialog).getByLabelText(/Varighet i minutter/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Opprett møteforslag' }));
    expect(await within(dialog).findByText('Skriv en tittel.')).toBeInTheDocument();
    expect(within(dialog).getByText('Skriv en varighet fra 5 til 720 minutter.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Velg dato og klokkeslett.')).toHaveLength(2);
    expect(creates()).toEqual([]);
  });

  it('offers only the rooms that hold every invitee and are open then', async () => {
    const { user, dialog } = await openForm();
    const roomNames = (label: string) =>
      within(within(dialog).getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
    // Tuesday 3 December 2030, 10:00 Oslo: both rooms are open; two invitees fit in both.
    await setTime(user, 'Tidspunkt 1', '03.12.2030', '10:00');
    expect(roomNames('Rom for tidspunkt 1')).toEqual([
      'Uten rom',
      'Fjorden (8 plasser)',
      'Båtnaustet (4 plasser)',
    ]);
    // Four guests and the organizer are five: Båtnaustet seats four.
    await user.type(
      within(dialog).getByLabelText(/Eksterne gjester/),
      'a@example.no, b@example.no, c@example.no, d@example.no',
    );
    expect(roomNames('Rom for tidspunkt 1')).toEqual(['Uten rom', 'Fjorden (8 plasser)']);
    // Sunday: both closed.
    await setTime(user, 'Tidspunkt 2', '01.12.2030', '10:00');
    expect(roomNames('Rom for tidspunkt 2')).toEqual(['Uten rom']);
  });

  it('keeps everything typed when an address is wrong or the database refuses', async () => {
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Tittel'), 'Styremøte');
    await setTime(user, 'Tidspunkt 1', '03.12.2030', '10:00');
    await user.selectOptions(within(dialog).getByLabelText('Rom for tidspunkt 1'), 'Fjorden (8 plasser)');
    await user.click(within(dialog).getByRole('button', { name: 'Fjern tidspunkt 2' }));
    await user.type(within(dialog).getByLabelText(/Eksterne gjester/), 'hanne@');
    await user.click(within(dialog).getByRole('button', { name: 'Opprett møteforslag' }));
    expect(await within(dialog).findByText('Sjekk e-postadressen «hanne@».')).toBeInTheDocument();
    expect(creates()).toEqual([]);

    state.refuse.create_meeting_poll = 'meeting-room-too-small';
    await user.type(within(dialog).getByLabelText(/Eksterne gjester/), 'example.no');
    await user.click(within(dialog).getByRole('button', { name: 'Opprett møteforslag' }));
    expect(
      await within(dialog).findByText(
        'Rommet har ikke plass til alle. Velg et større rom eller inviter færre.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Tittel')).toHaveValue('Styremøte');
    expect(within(dialog).getByLabelText(/Eksterne gjester/)).toHaveValue('hanne@example.no');
    expect(within(dialog).getByLabelText('Rom for tidspunkt 1')).toHaveValue(state.rooms[0]!.id);
    expect(creates()[0]?.body).toMatchObject({
      input_title: 'Styremøte',
      input_duration_minutes: 60,
      input_options: [{ starts_at: '2030-12-03T09:00:00.000Z', room_id: state.rooms[0]!.id }],
      input_guest_emails: ['hanne@example.no'],
    });
  });
});
