import { createHash, randomUUID } from 'node:crypto';
import { admin, createOrganization, createUser, type TestUser, write } from './admin';

/** Today's date in Oslo plus `days` calendar days, YYYY-MM-DD (a DST change does not shift it). */
export function osloDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export const CLOSED_DOOR_CONSENT = 'Jeg godtar reglene.';

export interface ClosedDoorCalendar {
  owner: TestUser;
  organizationId: string;
  calendarId: string;
  /** Door 1: it opened yesterday and closed when door 2 opened today at 00:00 (Oslo). */
  doorId: string;
  participants: { email: string; name: string }[];
}

/**
 * A live daily calendar of a new organization that started yesterday with its doors at 00:00 Oslo, so
 * door 1 has closed and door 2 is today's; a chance prize on door 1, reminders at 00:00 (due all
 * day), and three people who entered door 1 while it was open and asked for reminders. The entries
 * are written as the entry function would, since the door no longer takes any.
 */
export async function createCalendarWithClosedDoor(label: string): Promise<ClosedDoorCalendar> {
  const owner = await createUser(label, 'Trond Trekning');
  const organizationId = await createOrganization(owner.id, `Trekning ${owner.suffix} AS`);
  const calendarId = randomUUID();
  await write(
    admin.from('calendars').insert({
      id: calendarId,
      organization_id: organizationId,
      name: 'Adventsdager',
      template: 'daily',
      starts_on: osloDay(-1),
      ends_on: osloDay(6),
      door_time: '00:00',
      reminder_time: '00:00',
      consent_text: CLOSED_DOOR_CONSENT,
      published_at: new Date().toISOString(),
    }),
  );
  const { data: door } = await admin
    .from('calendar_doors')
    .select('id')
    .eq('calendar_id', calendarId)
    .eq('day_number', 1)
    .single()
    .throwOnError();
  const doorId = door?.id ?? '';
  await write(
    admin.from('calendar_prizes').insert({
      calendar_id: calendarId,
      organization_id: organizationId,
      door_id: doorId,
      name: 'Termokopp',
      drawn_by_chance: true,
    }),
  );
  const participants = ['Ola Nordmann', 'Kari Hansen', 'Per Berg'].map((name, index) => ({
    name,
    email: `deltaker${index}.${owner.suffix}@example.no`,
  }));
  // The consent text once, as private.record_consent stores it; each entry points at its consent.
  const consentSha256 = createHash('sha256').update(CLOSED_DOOR_CONSENT).digest('hex');
  await write(
    admin
      .from('consent_texts')
      .insert({ organization_id: organizationId, sha256: consentSha256, body: CLOSED_DOOR_CONSENT }),
  );
  for (const { name, email } of participants) {
    const participantId = randomUUID();
    const consentId = randomUUID();
    await write(
      admin.from('calendar_participants').insert({
        id: participantId,
        calendar_id: calendarId,
        organization_id: organizationId,
        email,
        name,
        reminders_opt_in: true,
      }),
    );
    await write(
      admin.from('consents').insert({
        id: consentId,
        organization_id: organizationId,
        participant_id: participantId,
        campaign_id: calendarId,
        purpose: 'participation',
        text_sha256: consentSha256,
      }),
    );
    await write(
      admin.from('calendar_entries').insert({
        calendar_id: calendarId,
        organization_id: organizationId,
        door_id: doorId,
        participant_id: participantId,
        consent_id: consentId,
      }),
    );
  }
  return { owner, organizationId, calendarId, doorId, participants };
}
