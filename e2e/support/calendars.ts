import { createHash, randomUUID } from 'node:crypto';
import { admin, createOrganization, createUser, type TestUser, write } from './admin';

/** Today's date in Oslo plus `days` calendar days, YYYY-MM-DD (a DST change does not shift it). */
export function osloDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export const CLOSED_DOOR_CONSENT = 'Jeg godtar reglene.';

/** The columns of a calendar's campaign; the rest are the calendar's own. */
const CAMPAIGN_COLUMNS = new Set([
  'name',
  'published_at',
  'rules_text',
  'consent_text',
  'marketing_consent_text',
  'reminders_enabled',
  'reminder_time',
  'design',
]);

export type CalendarFields = {
  organization_id: string;
  name: string;
  template: string;
  starts_on: string;
  ends_on: string;
  door_time?: string;
  published_at?: string | null;
  rules_text?: string | null;
  consent_text?: string | null;
  marketing_consent_text?: string | null;
  reminders_enabled?: boolean;
  reminder_time?: string;
  design?: Record<string, string>;
  lock_past_doors?: boolean;
  show_past_doors?: boolean;
  auto_draw?: boolean;
};

/**
 * A calendar as the service role writes it: its campaign (kind calendar) with the campaign's columns,
 * then its own row with the same id (the doors of a fixed template follow). Answers the id.
 */
export async function insertCalendar(fields: CalendarFields): Promise<string> {
  const id = randomUUID();
  const campaign: Record<string, unknown> = { id, kind: 'calendar', organization_id: fields.organization_id };
  const own: Record<string, unknown> = { id };
  for (const [key, value] of Object.entries(fields)) {
    if (CAMPAIGN_COLUMNS.has(key)) campaign[key] = value;
    else own[key] = value;
  }
  await write(admin.from('campaigns').insert(campaign as never));
  await write(admin.from('calendars').insert(own as never));
  return id;
}

/** The participant of an organization with this address (one per organization and e-mail). */
export async function participantIdOf(organizationId: string, email: string): Promise<string> {
  const { data } = await admin
    .from('participants')
    .select('id')
    .eq('organization_id', organizationId)
    .eq('email', email)
    .single()
    .throwOnError();
  return data?.id ?? '';
}

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
 * are written as the entry function would, since the door no longer takes any. `sender`: the
 * calendar's design and the organization's contact address, which its e-mails show.
 */
export async function createCalendarWithClosedDoor(
  label: string,
  sender: { design?: Record<string, string>; contactEmail?: string } = {},
): Promise<ClosedDoorCalendar> {
  const owner = await createUser(label, 'Trond Trekning');
  const organizationId = await createOrganization(owner.id, `Trekning ${owner.suffix} AS`);
  // Before anyone registers: the scheduler may send the confirmations as soon as someone has.
  if (sender.contactEmail) {
    await write(
      admin.from('organizations').update({ contact_email: sender.contactEmail }).eq('id', organizationId),
    );
  }
  const calendarId = await insertCalendar({
    ...(sender.design ? { design: sender.design } : {}),
    organization_id: organizationId,
    name: 'Adventsdager',
    template: 'daily',
    starts_on: osloDay(-1),
    ends_on: osloDay(6),
    door_time: '00:00',
    reminder_time: '00:00',
    consent_text: CLOSED_DOOR_CONSENT,
    published_at: new Date().toISOString(),
  });
  const { data: door } = await admin
    .from('calendar_doors')
    .select('id')
    .eq('calendar_id', calendarId)
    .eq('day_number', 1)
    .single()
    .throwOnError();
  const doorId = door?.id ?? '';
  await write(
    admin.from('campaign_prizes').insert({
      campaign_id: calendarId,
      organization_id: organizationId,
      item_id: doorId,
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
      admin.from('participants').insert({ id: participantId, organization_id: organizationId, email, name }),
    );
    await write(
      admin.from('campaign_registrations').insert({
        campaign_id: calendarId,
        participant_id: participantId,
        organization_id: organizationId,
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
      admin.from('campaign_entries').insert({
        campaign_id: calendarId,
        organization_id: organizationId,
        item_id: doorId,
        participant_id: participantId,
        consent_id: consentId,
      }),
    );
  }
  return { owner, organizationId, calendarId, doorId, participants };
}
