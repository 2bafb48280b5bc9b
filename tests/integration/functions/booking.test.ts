/**
 * A visitor's booking through the real platform (docs/booking.md «The function booking»): the slots of
 * a published solution computed by the booking function over the database's inputs, a booking of one
 * with the anon key (participant and lead of source booking), the same start again refused, and the
 * manage link's view, reschedule and cancel; each write's e-mail with its .ics in the outbox (one
 * calendar event: the same UID, a growing SEQUENCE, CANCEL), and the staff member's iCal feed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasDeno,
  startFunctionsTestPlatform,
  type FunctionsTestPlatform,
} from '../../../supabase/local/testing/functions-platform.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import { sql } from '../support/marketplace.ts';
import { newFjordRor } from '../support/organization.ts';

/** An Oslo date «YYYY-MM-DD» some days from now. */
const osloDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Oslo' });

interface SlotsAnswer {
  staff: { id: string; name: string }[];
  days: { date: string; slots: { start: string; end: string; staff_ids: string[] }[] }[];
}

describe.skipIf(!hasDeno)('booking on the platform', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;
  const solutionId = randomUUID();
  const serviceId = randomUUID();
  const staffId = randomUUID();
  let token = '';

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;
    const organizationId = await newFjordRor(platform, 'booking');
    await sql(
      platform,
      `insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text)
       values ($1, $2, 'booking', 'Befaring', now() - interval '1 day', 'Jeg godtar at Fjord Rør AS lagrer bestillingen.')`,
      [solutionId, organizationId],
    );
    // Open every day, all day, holidays too: the test does not depend on the day it runs.
    await sql(
      platform,
      `insert into public.booking_solutions (id, organization_id, closed_on_holidays, slot_interval_minutes)
       values ($1, $2, false, 60)`,
      [solutionId, organizationId],
    );
    await sql(
      platform,
      `insert into public.booking_services (id, solution_id, organization_id, name, duration_minutes, buffer_after_minutes)
       values ($1, $2, $3, 'Befaring', 60, 30)`,
      [serviceId, solutionId, organizationId],
    );
    await sql(
      platform,
      `insert into public.booking_staff (id, solution_id, organization_id, name, email)
       values ($1, $2, $3, 'Kari', 'kari.staff@example.no')`,
      [staffId, solutionId, organizationId],
    );
    await sql(
      platform,
      `insert into public.booking_staff_services (staff_id, service_id, solution_id, organization_id)
       values ($1, $2, $3, $4)`,
      [staffId, serviceId, solutionId, organizationId],
    );
    await sql(
      platform,
      `insert into public.booking_availability (staff_id, solution_id, organization_id, weekday, starts_at, ends_at)
       select $1, $2, $3, d, '00:00', '24:00' from generate_series(1, 7) as d`,
      [staffId, solutionId, organizationId],
    );
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** The calendar file attached to each e-mail to `address`, newest first, with folded lines joined. */
  const calendarsTo = async (address: string) => {
    const mails = await stack.mailsTo(address);
    return Promise.all(
      mails.map(async (mail) => {
        const stored = await platform.outbox.get(mail.ID);
        const [file] = stored!.attachments;
        return {
          subject: mail.Subject,
          text: mail.Text,
          contentType: file?.contentType,
          ics: Buffer.from(file?.content ?? '', 'base64')
            .toString('utf8')
            .replace(/\r\n[ \t]/g, ''),
        };
      }),
    );
  };

  const call = (body: Record<string, unknown>, visitor = '198.51.100.40') =>
    fetch(`${platform.url}/functions/v1/booking`, {
      method: 'POST',
      headers: {
        apikey: platform.config.anonKey,
        Authorization: `Bearer ${platform.config.anonKey}`,
        'Content-Type': 'application/json',
        'X-Forwarded-For': visitor,
      },
      body: JSON.stringify(body),
    });

  const slots = async (): Promise<SlotsAnswer> => {
    const response = await call({ action: 'slots', solutionId, serviceId, from: osloDay(2), to: osloDay(2) });
    expect(response.status, stack.logs.join('\n')).toBe(200);
    return (await response.json()) as SlotsAnswer;
  };

  const book = (start: string, visitor: string) =>
    call(
      {
        action: 'book',
        solutionId,
        serviceId,
        start,
        email: 'kari.booking@example.no',
        name: 'Kari Nordmann',
        consent: true,
        answers: { adresse: 'Strandkaien 1' },
        honeypot: '',
        shownAt: new Date(Date.now() - 60_000).toISOString(),
      },
      visitor,
    );

  it('computes the slots on the server and books one with a lead of source booking', async () => {
    const before = await slots();
    expect(before.staff).toEqual([{ id: staffId, name: 'Kari' }]);
    const offered = before.days[0]!.slots;
    expect(offered.length).toBeGreaterThanOrEqual(23);
    const first = offered[0]!;

    const response = await book(first.start, '198.51.100.41');
    expect(response.status, stack.logs.join('\n')).toBe(201);
    const answer = (await response.json()) as {
      booking: { id: string; start: string; staff_id: string };
      token: string;
    };
    expect(answer.token).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.booking.staff_id).toBe(staffId);
    expect(new Date(answer.booking.start).toISOString()).toBe(first.start);
    token = answer.token;

    // One confirmation with the manage link and the .ics; the staff member's notice beside it.
    const [confirmation, ...more] = await calendarsTo('kari.booking@example.no');
    expect(more).toEqual([]);
    expect(confirmation!.subject).toMatch(/^Bestillingen er bekreftet: Befaring /);
    expect(confirmation!.text).toContain(`/booking/endre?token=${token}`);
    expect(confirmation!.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(confirmation!.ics).toContain(`UID:booking-${answer.booking.id}@leadtorget.no`);
    expect(confirmation!.ics).toContain('SEQUENCE:0');
    expect(confirmation!.ics).toContain(`DTSTART:${first.start.replace(/[-:]/g, '').replace('.000', '')}`);
    const [staff] = await calendarsTo('kari.staff@example.no');
    expect(staff!.subject).toMatch(/^Ny bestilling: Befaring /);
    expect(staff!.ics).toContain(`UID:booking-${answer.booking.id}@leadtorget.no`);

    const leads = await sql<{ source: string; name: string }>(
      platform,
      `select l.source::text as source, l.name from public.leads as l
       where l.campaign_id = $1 and l.email = 'kari.booking@example.no'`,
      [solutionId],
    );
    expect(leads).toEqual([{ source: 'booking', name: 'Kari Nordmann' }]);

    // The booked hour and the next (its 30-minute buffer) are no longer offered.
    const after = (await slots()).days[0]!.slots.map((slot) => slot.start);
    expect(after).not.toContain(first.start);
    expect(after).not.toContain(offered[1]!.start);
    expect(after).toContain(offered[2]!.start);

    const again = await book(first.start, '198.51.100.42');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: { code: 'booking-slot-unavailable' } });
  });

  it('shows, moves and cancels the booking by its manage link', async () => {
    const seen = await call({ action: 'view', token });
    expect(seen.status, stack.logs.join('\n')).toBe(200);
    expect(((await seen.json()) as { booking: { changeable: boolean } }).booking.changeable).toBe(true);

    const target = (await slots()).days[0]!.slots.at(-1)!.start;
    const moved = await call({ action: 'reschedule', token, start: target });
    expect(moved.status, stack.logs.join('\n')).toBe(200);
    const [row] = await sql<{ start: Date; rescheduled: boolean }>(
      platform,
      `select lower(during) as start, rescheduled_at is not null as rescheduled from public.bookings where solution_id = $1`,
      [solutionId],
    );
    expect(new Date(row!.start).toISOString()).toBe(target);
    expect(row!.rescheduled).toBe(true);

    const cancelled = await call({ action: 'cancel', token });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { booking: { status: string } }).booking.status).toBe('cancelled');
    const twice = await call({ action: 'cancel', token });
    expect(await twice.json()).toEqual({ error: { code: 'booking-cancelled' } });

    // The change and the cancellation update the same event in the visitor's calendar.
    const [cancelMail, changeMail, confirmation] = await calendarsTo('kari.booking@example.no');
    const uid = /UID:(.*)/.exec(confirmation!.ics)![1];
    expect(changeMail!.subject).toMatch(/^Timen er flyttet: /);
    expect(changeMail!.ics).toContain(`UID:${uid}`);
    expect(changeMail!.ics).toContain('SEQUENCE:1');
    expect(cancelMail!.subject).toMatch(/^Timen er avbestilt: /);
    expect(cancelMail!.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(cancelMail!.ics).toContain(`UID:${uid}`);
    expect(cancelMail!.ics).toContain('METHOD:CANCEL');
    expect(cancelMail!.ics).toContain('SEQUENCE:2');
  });

  it("serves the staff member's private feed by its token, without a key", async () => {
    const feedToken = 'e'.repeat(64);
    await sql(platform, `update public.booking_staff set feed_token_sha256 = $2 where id = $1`, [
      staffId,
      createHash('sha256').update(feedToken).digest('hex'),
    ]);
    const rebooked = await book((await slots()).days[0]!.slots[0]!.start, '198.51.100.43');
    expect(rebooked.status, stack.logs.join('\n')).toBe(201);
    const { booking } = (await rebooked.json()) as { booking: { id: string } };

    const response = await fetch(`${platform.url}/functions/v1/booking-feed?token=${feedToken}`);
    expect(response.status, stack.logs.join('\n')).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const feed = await response.text();
    expect(feed).toContain(`UID:booking-${booking.id}@leadtorget.no`);
    expect(feed.match(/BEGIN:VEVENT/g)).toHaveLength(1); // the cancelled booking is not in it
    expect((await fetch(`${platform.url}/functions/v1/booking-feed?token=${'0'.repeat(64)}`)).status).toBe(
      404,
    );
  });
});
