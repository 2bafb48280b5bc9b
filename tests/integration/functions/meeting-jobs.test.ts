/**
 * The meeting planner's e-mails through the real platform (docs/meetings.md «E-post og kalenderfiler»):
 * a member creates a poll with a colleague and an outside guest; the meeting-polls job invites both
 * once, the guest with a signed link that opens the poll without an account; finalizing books the room
 * and the meeting-calendar job sends every attendee the meeting's .ics.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInUser, uniqueEmail } from '../../../supabase/local/testing/auth-helpers.ts';
import {
  hasDeno,
  startFunctionsTestPlatform,
  type FunctionsTestPlatform,
} from '../../../supabase/local/testing/functions-platform.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import { sql } from '../support/marketplace.ts';

/** 12:00 UTC (13:00 or 14:00 in Oslo, inside the room's hours) on the `nth` weekday from three days on. */
function weekdayNoon(nth: number): string {
  const day = new Date(Date.now() + 3 * 86_400_000);
  day.setUTCHours(12, 0, 0, 0);
  let found = -1;
  for (;;) {
    if (day.getUTCDay() >= 1 && day.getUTCDay() <= 5 && ++found === nth) return day.toISOString();
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

describe.skipIf(!hasDeno)('meeting e-mails on the platform', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;
  const organizationId = randomUUID();
  const roomId = randomUUID();
  const guest = uniqueEmail('gjest');

  const job = async (name: string) => {
    const response = await fetch(`${platform.url}/functions/v1/campaign-jobs`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${platform.config.serviceRoleKey}`,
        apikey: platform.config.serviceRoleKey,
      },
      body: JSON.stringify({ job: name }),
    });
    expect(response.status, stack.logs.join('\n')).toBe(200);
    return (await response.json()) as Record<string, number>;
  };

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('invites a guest with a signed link once, and sends every attendee the .ics when finalized', async () => {
    const organizer = await signedInUser(platform, 'arrangor');
    const colleague = await signedInUser(platform, 'kollega');
    await sql(
      platform,
      `insert into public.organizations (id, name, owner_id) values ($1, 'Fjord Rør AS', $2)`,
      [organizationId, organizer.user.id],
    );
    await sql(
      platform,
      `insert into public.organizations_members (organization_id, member_id, role) values ($1, $2, 'member')`,
      [organizationId, colleague.user.id],
    );
    await sql(
      platform,
      `insert into public.meeting_rooms (id, organization_id, name, capacity) values ($1, $2, 'Fjorden', 8)`,
      [roomId, organizationId],
    );

    const created = await organizer.client.rpc('create_meeting_poll', {
      input_organization_id: organizationId,
      input_title: 'Oppstartsmøte',
      input_duration_minutes: 60,
      input_options: [
        { starts_at: weekdayNoon(0), room_id: roomId },
        { starts_at: weekdayNoon(1), room_id: null },
      ],
      input_member_ids: [colleague.user.id],
      input_guest_emails: [guest],
    });
    expect(created.error).toBeNull();
    const pollId = created.data as string;

    expect(await job('meeting-polls')).toMatchObject({ invitations: 2, failed: 0 });
    expect(await job('meeting-polls')).toMatchObject({ invitations: 0 });
    expect(await stack.mailsTo(organizer.email)).toEqual([]);
    const [invitation, ...more] = await stack.mailsTo(guest);
    expect(more).toEqual([]);
    expect(invitation!.Subject).toBe('Når passer det? Oppstartsmøte');
    const token = /\/motetid\?token=([0-9a-f]{64})/.exec(invitation!.Text)?.[1];
    expect(token).toBeDefined();
    const opened = await anonClient(platform).rpc('meeting_poll_for_guest', { input_token: token! });
    expect(opened.error).toBeNull();
    expect((opened.data as { poll: { title: string } }).poll.title).toBe('Oppstartsmøte');
    const [memberMail] = await stack.mailsTo(colleague.email);
    expect(memberMail!.Text).toContain('/meeting');
    expect(memberMail!.Text).not.toContain('motetid');

    const [first] = await sql<{ id: string }>(
      platform,
      `select id from public.meeting_poll_options where poll_id = $1 order by starts_at limit 1`,
      [pollId],
    );
    const finalized = await organizer.client.rpc('finalize_meeting_poll', {
      input_poll_id: pollId,
      input_option_id: first!.id,
    });
    expect(finalized.error).toBeNull();
    const meetingId = finalized.data as string;

    expect(await job('meeting-calendar')).toMatchObject({ meetings: 1, sent: 3, failed: 0 });
    const [set] = await stack.mailsTo(guest);
    expect(set!.Subject).toMatch(/^Møtet er satt: Oppstartsmøte /);
    const stored = await platform.outbox.get(set!.ID);
    const ics = Buffer.from(stored!.attachments[0]!.content, 'base64').toString('utf8');
    expect(ics).toContain(`UID:meeting-${meetingId}@leadtorget.no`);
    expect(ics).toContain('METHOD:REQUEST');
    expect(await job('meeting-calendar')).toMatchObject({ meetings: 0, sent: 0 });
  });
});
