/**
 * Meeting rooms and polls through the embedded platform's data API (PGlite with btree_gist) and real
 * supabase-js, the calls src/features/meetings/api makes: rooms written by the owner, a direct booking
 * and the overlap refused with its code, a room's day by the booking's generated start and end, a poll
 * with a guest finalized into the room, and the meeting's attendees with the guest's address embedded.
 */
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/lib/database.types.ts';
import { applyMigrations } from '../../../supabase/local/db/migrate.ts';
import { signedInUser } from '../../../supabase/local/testing/auth-helpers.ts';
import { PROJECT_ROOT } from '../../../supabase/local/testing/functions-platform.ts';
import { startTestPlatform, type TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import { sql } from '../support/marketplace.ts';

// Monday 7 January 2030, Oslo (UTC+1).
const TEN = '2030-01-07T09:00:00Z';
const ELEVEN = '2030-01-07T10:00:00Z';

describe('meetings on the platform', () => {
  let platform: TestPlatform;
  let owner: { user: { id: string }; client: SupabaseClient<Database> };
  let organizationId = '';
  let roomId = '';

  beforeAll(async () => {
    platform = await startTestPlatform();
    await applyMigrations(platform.db, path.join(PROJECT_ROOT, 'supabase', 'migrations'));
    const signedIn = await signedInUser(platform, 'meeting-owner');
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- the helper's client is SupabaseClient<any>; typed here by the generated schema, as the app's calls are
    owner = { user: signedIn.user, client: signedIn.client };
    const [organization] = await sql<{ id: string }>(
      platform,
      `insert into public.organizations (name, owner_id) values ('Fjord Rør AS', $1) returning id`,
      [owner.user.id],
    );
    organizationId = organization!.id;
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('books a room once: the overlap is meeting-room-taken', async () => {
    const room = await owner.client
      .from('meeting_rooms')
      .insert({ organization_id: organizationId, name: 'Fjorden', capacity: 8, equipment: ['skjerm'] })
      .select('id')
      .single();
    expect(room.error).toBeNull();
    roomId = room.data!.id;

    const booked = await owner.client.rpc('book_room', {
      input_room_id: roomId,
      input_starts_at: TEN,
      input_ends_at: ELEVEN,
      input_title: 'Ukemøte',
    });
    expect(booked.error).toBeNull();
    const again = await owner.client.rpc('book_room', {
      input_room_id: roomId,
      input_starts_at: '2030-01-07T09:30:00Z',
      input_ends_at: '2030-01-07T10:30:00Z',
      input_title: 'Dobbelt',
    });
    expect(again.error?.message).toBe('meeting-room-taken');

    const day = await owner.client
      .from('meeting_room_bookings')
      .select('title, starts_at, ends_at')
      .eq('room_id', roomId)
      .is('released_at', null)
      .lt('starts_at', '2030-01-07T23:00:00Z')
      .gt('ends_at', '2030-01-06T23:00:00Z');
    expect(day.data?.map((booking) => booking.title)).toEqual(['Ukemøte']);
  });

  it('finalizes a poll with a guest into the room, the guest among the attendees', async () => {
    const poll = await owner.client.rpc('create_meeting_poll', {
      input_organization_id: organizationId,
      input_title: 'Oppstart',
      input_duration_minutes: 60,
      input_options: [{ starts_at: '2030-01-07T12:00:00Z', room_id: roomId }],
      input_guest_emails: ['Kunde@Example.no'],
    });
    expect(poll.error).toBeNull();
    const matrix = await owner.client.rpc('meeting_poll_matrix', { input_poll_id: poll.data! });
    const options = (matrix.data as { options: { id: string; room_name: string }[] }).options;
    expect(options.map((option) => option.room_name)).toEqual(['Fjorden']);

    const meeting = await owner.client.rpc('finalize_meeting_poll', {
      input_poll_id: poll.data!,
      input_option_id: options[0]!.id,
    });
    expect(meeting.error).toBeNull();
    const attendees = await owner.client
      .from('meeting_attendees')
      .select('member_id, participant:participants(email)')
      .eq('meeting_id', meeting.data!);
    expect(attendees.data).toEqual(
      expect.arrayContaining([
        { member_id: owner.user.id, participant: null },
        { member_id: null, participant: { email: 'kunde@example.no' } },
      ]),
    );
  });
});
