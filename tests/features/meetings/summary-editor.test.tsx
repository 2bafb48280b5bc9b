import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { clearNotifications, getNotifications } from '@/components/notification-store';
import type { MeetingDetail } from '@/features/meetings/api/get-meetings';
import { SummaryEditor } from '@/features/meetings/components/summary-editor';
import { summaryMarkdown } from '@/features/meetings/utils/summary-export';
import { meetingsHandlers, newMeetingsState, type MeetingsState } from '../../msw/handlers/meetings';
import { record, single } from '../../msw/rest';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { SUPABASE, USER_ID, signIn } from '../../support/session';

const MEETING = 'ee000000-0000-4000-8000-000000000201';
const PER = '22222222-2222-4222-8222-222222222222';

let state: MeetingsState = newMeetingsState();
const written = () => state.requests.filter((request) => request.method !== 'GET');
setupMswServer(
  ...meetingsHandlers(() => state),
  ...['meeting_summaries', 'meeting_action_items', 'meeting_attendees'].flatMap((table) => [
    http.post(`${SUPABASE}/rest/v1/${table}`, async ({ request }) => {
      await record(state.requests, request);
      return single(request, { id: 'x', meeting_id: MEETING });
    }),
    http.patch(`${SUPABASE}/rest/v1/${table}`, async ({ request }) => {
      await record(state.requests, request);
      return single(request, { id: 'x' });
    }),
  ]),
  http.post(`${SUPABASE}/rest/v1/rpc/request_meeting_summary_email`, async ({ request }) => {
    await record(state.requests, request);
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(`${SUPABASE}/rest/v1/rpc/carry_over_action_items`, async ({ request }) => {
    await record(state.requests, request);
    return state.refuse.carry_over_action_items
      ? HttpResponse.json({ code: 'P0001', message: state.refuse.carry_over_action_items }, { status: 400 })
      : HttpResponse.json(2);
  }),
);

beforeAll(async () => {
  await prepareI18n('meetings', 'meeting-errors');
});
beforeEach(() => {
  state = newMeetingsState();
  clearNotifications();
  signIn();
});

const notified = (message: string) =>
  waitFor(() => expect(getNotifications().map((item) => item.message)).toContain(message));

const detail: MeetingDetail = {
  meeting: {
    id: MEETING,
    organization_id: ORG,
    title: 'Ukemøte',
    starts_at: '2030-12-03T08:00:00Z',
    ends_at: '2030-12-03T09:00:00Z',
    room_id: 'room',
    booking_id: null,
    calendar_sequence: 0,
    calendar_sent_sequence: 0,
    cancelled_at: null,
    summary_requested_at: null,
    summary_sent_at: null,
    poll_id: null,
    series_id: null,
    created_by: USER_ID,
    created_at: '2030-11-01T08:00:00Z',
  },
  summary: {
    meeting_id: MEETING,
    organization_id: ORG,
    agenda: ['Oppdrag denne uken'],
    notes: 'Fire befaringer.',
    decisions: [],
    updated_at: '2030-12-03T09:00:00Z',
  },
  attendees: [
    {
      id: 'a1',
      meeting_id: MEETING,
      organization_id: ORG,
      member_id: PER,
      participant_id: null,
      present: null,
      participant: null,
    },
    {
      id: 'a2',
      meeting_id: MEETING,
      organization_id: ORG,
      member_id: null,
      participant_id: 'p1',
      present: true,
      participant: { email: 'hanne@example.no', name: 'Hanne Berg' },
    },
  ],
  actionItems: [
    {
      id: 'i1',
      meeting_id: MEETING,
      organization_id: ORG,
      title: 'Bestille deler',
      owner_id: PER,
      reminded_at: null,
      due_on: '2030-12-06',
      done_at: null,
      carried_from_id: null,
      created_at: '2030-12-03T09:00:00Z',
    },
  ],
};

function Editor() {
  return <SummaryEditor organizationId={ORG} detail={detail} members={state.members} />;
}

describe('SummaryEditor', () => {
  it('saves agenda, notes and decisions one item a line', async () => {
    const user = userEvent.setup();
    renderApp(Editor);
    await user.type(screen.getByLabelText(/^Agenda/), '\nBestilling av deler\n\n');
    await user.type(screen.getByLabelText(/^Beslutninger/), 'Deler bestilles samlet.');
    await user.click(screen.getByRole('button', { name: 'Lagre referatet' }));
    await notified('Referatet er lagret.');
    expect(written()[0]?.method).toBe('PATCH');
    expect(written()[0]?.body).toEqual({
      agenda: ['Oppdrag denne uken', 'Bestilling av deler'],
      notes: 'Fire befaringer.',
      decisions: ['Deler bestilles samlet.'],
    });
  });

  it('marks attendance in words and adds an action item with owner and due date', async () => {
    const user = userEvent.setup();
    renderApp(Editor);
    const attendees = screen.getByRole('region', { name: 'Deltakere' });
    expect(within(attendees).getByLabelText('Per Olsen: Ikke registrert')).not.toBeChecked();
    expect(within(attendees).getByLabelText('Hanne Berg: Til stede')).toBeChecked();
    await user.click(within(attendees).getByLabelText('Per Olsen: Ikke registrert'));
    expect(written()[0]?.body).toEqual({ present: true });

    const add = screen.getByRole('form', { name: 'Ny oppgave' });
    await user.click(within(add).getByRole('button', { name: 'Legg til oppgaven' }));
    expect(within(add).getByText('Skriv hva som skal gjøres.')).toBeInTheDocument();
    await user.type(within(add).getByLabelText(/hva skal gjøres/), 'Ringe kunden');
    await user.selectOptions(within(add).getByLabelText('Ansvarlig'), 'Per Olsen');
    await user.type(within(add).getByLabelText('Frist'), '10.12.2030');
    await user.click(within(add).getByRole('button', { name: 'Legg til oppgaven' }));
    await notified('Oppgaven er lagt til.');
    expect(written()[1]?.body).toEqual({
      title: 'Ringe kunden',
      owner_id: PER,
      due_on: '2030-12-10',
      done_at: null,
      meeting_id: MEETING,
      organization_id: ORG,
    });
    expect(within(add).getByLabelText(/hva skal gjøres/)).toHaveValue('');
  });

  it('brings the open items of the previous meeting and says how many', async () => {
    const user = userEvent.setup();
    renderApp(Editor);
    await user.click(screen.getByRole('button', { name: 'Hent åpne punkter fra forrige møte' }));
    await notified('2 åpne punkter er hentet fra forrige møte.');
  });

  it('asks for the summary to be e-mailed to the attendees and says so', async () => {
    const user = userEvent.setup();
    renderApp(Editor);
    await user.click(screen.getByRole('button', { name: 'Send referatet til deltakerne' }));
    await notified('Referatet sendes til deltakerne om et øyeblikk.');
    expect(written().map((request) => [request.url.pathname, request.body])).toContainEqual([
      expect.stringContaining('/rpc/request_meeting_summary_email'),
      { input_meeting_id: MEETING },
    ]);
  });

  it('exports the summary as Markdown', () => {
    const markdown = summaryMarkdown(
      detail,
      {
        when: '03.12.2030, 09:00–10:00',
        agenda: 'Agenda',
        attendees: 'Deltakere',
        present: 'Til stede',
        absent: 'Ikke til stede',
        unknown: 'Ikke registrert',
        notes: 'Notater',
        decisions: 'Beslutninger',
        actionItems: 'Oppgaver',
        owner: (name) => `ansvarlig: ${name}`,
        due: (date) => `frist: ${date}`,
        done: 'Ferdig',
        none: 'Ingen.',
      },
      {
        attendee: (attendee) =>
          attendee.member_id === PER ? 'Per Olsen' : (attendee.participant?.name ?? ''),
        member: (id) => (id === PER ? 'Per Olsen' : null),
        date: (key) => key.split('-').reverse().join('.'),
      },
    );
    expect(markdown).toContain('# Ukemøte\n\n03.12.2030, 09:00–10:00\n\n## Agenda\n- Oppdrag denne uken\n');
    expect(markdown).toContain('## Deltakere\n- Per Olsen: Ikke registrert\n- Hanne Berg: Til stede\n');
    expect(markdown).toContain('## Beslutninger\nIngen.\n');
    expect(markdown).toContain(
      '## Oppgaver\n- [ ] Bestille deler · ansvarlig: Per Olsen · frist: 06.12.2030\n',
    );
  });
});
