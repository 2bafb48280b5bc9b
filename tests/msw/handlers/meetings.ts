import { http, HttpResponse } from 'msw';
import type { MeetingMember } from '@/features/meetings/api/get-members';
import type { Json, Tables } from '@/lib/database.types';
import { ORG } from '../../support/ids';
import { SUPABASE, USER_ID } from '../../support/session';
import { record, single, type Recorded } from '../rest';
import { membershipHandlers } from './account';

const WEEKDAYS_8_TO_17 = Object.fromEntries(
  ['1', '2', '3', '4', '5'].map((day) => [day, { opens: '08:00', closes: '17:00' }]),
);

export const FJORDEN = 'ee000000-0000-4000-8000-000000000001';
export const BAATNAUSTET = 'ee000000-0000-4000-8000-000000000002';

export const roomRow = (overrides: Partial<Tables<'meeting_rooms'>> = {}): Tables<'meeting_rooms'> => ({
  id: FJORDEN,
  organization_id: ORG,
  name: 'Fjorden',
  capacity: 8,
  equipment: ['skjerm'],
  location: '2. etasje',
  opening_hours: WEEKDAYS_8_TO_17,
  check_in_minutes: 10,
  active: true,
  created_at: '2026-11-01T10:00:00Z',
  ...overrides,
});

/**
 * The meeting screens' backend: rooms, polls, members, bookings and meetings as lists, and the
 * checked functions. `refuse` makes a function answer the database's refusal with that code; every
 * call is recorded in `requests`.
 */
export type MeetingsState = {
  rooms: Tables<'meeting_rooms'>[];
  polls: Tables<'meeting_polls'>[];
  members: MeetingMember[];
  refuse: Partial<Record<string, string>>;
  requests: Recorded[];
};

export const newMeetingsState = (overrides: Partial<MeetingsState> = {}): MeetingsState => ({
  rooms: [
    roomRow(),
    roomRow({ id: BAATNAUSTET, name: 'Båtnaustet', capacity: 4, equipment: [], location: '1. etasje' }),
  ],
  polls: [],
  members: [
    { member_id: USER_ID, name: 'Kari Hansen', email: 'kari@example.no', role: 'owner' },
    {
      member_id: '22222222-2222-4222-8222-222222222222',
      name: 'Per Olsen',
      email: 'per@example.no',
      role: 'member',
    },
  ],
  refuse: {},
  requests: [],
  ...overrides,
});

const refusal = (code: string) =>
  HttpResponse.json({ code: 'P0001', message: code, details: null, hint: null }, { status: 400 });

export function meetingsHandlers(state: () => MeetingsState) {
  const s = state;
  const rpc = (name: string, answer: () => unknown) =>
    http.post(`${SUPABASE}/rest/v1/rpc/${name}`, async ({ request }) => {
      await record(s().requests, request);
      const code = s().refuse[name];
      return code ? refusal(code) : HttpResponse.json(answer() as Json);
    });
  return [
    ...membershipHandlers(() => 'owner'),
    http.get(`${SUPABASE}/rest/v1/meeting_rooms`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')?.replace('eq.', '');
      const rooms = id ? s().rooms.filter((room) => room.id === id) : s().rooms;
      return id ? single(request, rooms[0]!) : HttpResponse.json(rooms);
    }),
    http.get(`${SUPABASE}/rest/v1/meeting_room_bookings`, () => HttpResponse.json([])),
    http.get(`${SUPABASE}/rest/v1/meeting_polls`, () => HttpResponse.json(s().polls)),
    http.get(`${SUPABASE}/rest/v1/meetings`, () => HttpResponse.json([])),
    rpc('organization_members_list', () => s().members),
    rpc('create_meeting_poll', () => 'ee000000-0000-4000-8000-0000000000aa'),
    rpc('meeting_poll_matrix', () => ({
      poll: {
        id: 'ee000000-0000-4000-8000-0000000000aa',
        title: 'Ny',
        description: null,
        duration_minutes: 60,
        deadline: null,
        status: 'open',
        hide_participants: false,
        chosen_option_id: null,
      },
      invitees: 1,
      options: [],
    })),
  ];
}
