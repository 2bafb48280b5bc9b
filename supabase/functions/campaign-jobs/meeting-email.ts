/**
 * The meeting planner's e-mails (docs/meetings.md «E-post og kalenderfiler»), in Norwegian, from the
 * organization: a poll's invitation, deadline reminder and cancellation; the meeting's calendar event
 * (finalized or cancelled) with the .ics; an action item's due-date reminder; the summary.
 */
import { osloSpan } from '../_shared/booking/notices.ts';
import { calendarAttachment, meetingUid } from '../_shared/calendar-file.ts';
import { z } from '../_shared/deps.ts';
import { type Block, type EmailContent, renderEmail, sentByOrganization } from '../_shared/email-layout.ts';
import type { MailAttachment } from '../_shared/mailer.ts';
import { greeting } from './email.ts';

/** private.meeting_poll_notice. */
export const pollSchema = z.object({
  poll_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  deadline: z.string().nullable(),
  organization_name: z.string(),
  organizer_name: z.string().nullable(),
  options: z.array(z.object({ start: z.string(), end: z.string(), room_name: z.string().nullable() })),
});
export type PollNotice = z.infer<typeof pollSchema>;

/** private.meeting_notice, with the summary's content when claimed for a summary. */
export const meetingSchema = z.object({
  meeting_id: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  sequence: z.number().int(),
  cancelled: z.boolean(),
  room_name: z.string().nullable(),
  location: z.string().nullable(),
  organization_name: z.string(),
  attendees: z.array(
    z.object({ email: z.string(), name: z.string().nullable(), present: z.boolean().nullable() }),
  ),
  agenda: z.array(z.string()).optional(),
  notes: z.string().optional(),
  decisions: z.array(z.string()).optional(),
  action_items: z
    .array(
      z.object({
        title: z.string(),
        due_on: z.string().nullable(),
        done: z.boolean(),
        owner_name: z.string().nullable(),
      }),
    )
    .optional(),
});
export type MeetingNotice = z.infer<typeof meetingSchema>;

export type PollEmailKind = 'invitation' | 'reminder' | 'cancelled';

const OSLO_DEADLINE = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const DAY = new Intl.DateTimeFormat('nb-NO', { timeZone: 'UTC', day: 'numeric', month: 'long' });

/** «3. desember» for a date (YYYY-MM-DD). */
export const dayOf = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));

const senderOf = (organization: string) => ({ name: organization });

const where = (room: string | null, location: string | null) =>
  [room, location].filter((part): part is string => Boolean(part)).join(', ');

/** A poll's e-mail to one invitee; `answerLink` is the guest's signed link or the planner. */
export function pollEmail(
  kind: PollEmailKind,
  poll: PollNotice,
  name: string | null,
  answerLink: string,
): EmailContent {
  const organizer = poll.organizer_name ?? poll.organization_name;
  const deadline = poll.deadline ? `Svar innen ${OSLO_DEADLINE.format(new Date(poll.deadline))}.` : null;
  const options: Block = {
    rows: poll.options.map((option, index) => [
      `Forslag ${index + 1}`,
      [osloSpan(new Date(option.start), new Date(option.end)), option.room_name].filter(Boolean).join(', '),
    ]),
  };
  const why = `Du får denne e-posten fordi ${organizer} i ${poll.organization_name} inviterte deg til å svare på når ${poll.title} passer.`;
  const signature = sentByOrganization(poll.organization_name);
  if (kind === 'cancelled') {
    return renderEmail({
      subject: `Avlyst: ${poll.title}`,
      preheader: `Avstemningen om tidspunkt for ${poll.title} er avlyst.`,
      sender: senderOf(poll.organization_name),
      heading: `${poll.title} er avlyst`,
      body: [
        greeting(name),
        `${organizer} har avlyst avstemningen om tidspunkt for ${poll.title}. Du trenger ikke svare.`,
      ],
      why,
      signature,
    });
  }
  const invitation = kind === 'invitation';
  return renderEmail({
    subject: invitation ? `Når passer det? ${poll.title}` : `Påminnelse: svar på når ${poll.title} passer`,
    preheader: deadline ?? `${organizer} vil finne et tidspunkt som passer.`,
    sender: senderOf(poll.organization_name),
    heading: invitation ? `Når passer ${poll.title}?` : `Du har ikke svart på ${poll.title} ennå`,
    body: [
      greeting(name),
      invitation
        ? `${organizer} vil finne et tidspunkt for ${poll.title}. Svar ja, om nødvendig eller nei for hvert forslag.`
        : `Fristen for å svare på ${poll.title} nærmer seg. Svar ja, om nødvendig eller nei for hvert forslag.`,
      ...(poll.description ? [poll.description] : []),
      options,
      ...(deadline ? [deadline] : []),
    ],
    button: { label: 'Svar på forslagene', href: answerLink },
    after: ['Lenken er personlig. Ikke del den med andre.'],
    why,
    signature,
  });
}

/** The meeting's calendar event for an attendee: set (REQUEST) or cancelled (CANCEL). */
export function meetingCalendarEmail(
  meeting: MeetingNotice,
  name: string | null,
): EmailContent & { attachments: MailAttachment[] } {
  const when = osloSpan(new Date(meeting.start), new Date(meeting.end));
  const place = where(meeting.room_name, meeting.location);
  const rows: Block = { rows: [['Tid', when], ...(place ? [['Sted', place] as [string, string]] : [])] };
  const content = renderEmail({
    subject: meeting.cancelled
      ? `Avlyst: ${meeting.title} ${when}`
      : `Møtet er satt: ${meeting.title} ${when}`,
    preheader: `${meeting.title}, ${when}.`,
    sender: senderOf(meeting.organization_name),
    heading: meeting.cancelled ? `${meeting.title} er avlyst` : `${meeting.title} er satt`,
    body: [
      greeting(name),
      meeting.cancelled ? 'Møtet er avlyst:' : 'Tidspunktet for møtet er bestemt:',
      rows,
      meeting.cancelled
        ? 'Vedlegget (avlyst.ics) fjerner møtet fra kalenderen din.'
        : 'Vedlegget (invitasjon.ics) legger møtet i kalenderen din.',
    ],
    why: `Du får denne e-posten fordi du er invitert til ${meeting.title} i ${meeting.organization_name}.`,
    signature: sentByOrganization(meeting.organization_name),
  });
  const attachment = calendarAttachment({
    uid: meetingUid(meeting.meeting_id),
    sequence: meeting.sequence,
    start: new Date(meeting.start),
    end: new Date(meeting.end),
    title: meeting.title,
    description: `${meeting.title} i ${meeting.organization_name}.`,
    location: place || null,
    cancelled: meeting.cancelled,
  });
  return { ...content, attachments: [attachment] };
}

export interface ActionItemReminder {
  title: string;
  dueOn: string;
  dueToday: boolean;
  name: string | null;
  meetingTitle: string;
  organizationName: string;
  link: string;
}

export function actionItemReminderEmail(input: ActionItemReminder): EmailContent {
  const when = input.dueToday ? 'i dag' : 'i morgen';
  return renderEmail({
    subject: `Oppgaven forfaller ${when}: ${input.title}`,
    preheader: `Frist ${dayOf(input.dueOn)}, fra ${input.meetingTitle}.`,
    sender: senderOf(input.organizationName),
    heading: `Oppgaven forfaller ${when}`,
    body: [
      greeting(input.name),
      [
        'Du er ansvarlig for ',
        { strong: input.title },
        ` fra ${input.meetingTitle}, med frist ${dayOf(input.dueOn)}.`,
      ],
    ],
    button: { label: 'Åpne møtene', href: input.link },
    why: `Du får denne påminnelsen fordi du er ansvarlig for en oppgave fra et møte i ${input.organizationName}.`,
    signature: sentByOrganization(input.organizationName),
  });
}

const list = (items: readonly string[]): Block[] => items.map((item) => `• ${item}`);

export function meetingSummaryEmail(meeting: MeetingNotice, name: string | null): EmailContent {
  const when = osloSpan(new Date(meeting.start), new Date(meeting.end));
  const present = meeting.attendees.filter((person) => person.present === true);
  const absent = meeting.attendees.filter((person) => person.present === false);
  const nameOf = (person: { name: string | null; email: string }) =>
    person.name ?? person.email.split('@')[0]!;
  const items = meeting.action_items ?? [];
  const body: Block[] = [
    greeting(name),
    {
      rows: [
        ['Møte', meeting.title],
        ['Tid', when],
      ],
    },
  ];
  if (present.length || absent.length) {
    body.push({
      rows: [
        ...(present.length ? [['Til stede', present.map(nameOf).join(', ')] as [string, string]] : []),
        ...(absent.length ? [['Fravær', absent.map(nameOf).join(', ')] as [string, string]] : []),
      ],
    });
  }
  if (meeting.agenda?.length) body.push('Agenda:', ...list(meeting.agenda));
  if (meeting.decisions?.length) body.push('Beslutninger:', ...list(meeting.decisions));
  if (meeting.notes?.trim()) body.push('Notater:', meeting.notes.trim());
  if (items.length) {
    body.push(
      'Oppgaver:',
      ...list(
        items.map((item) =>
          [
            item.title,
            item.owner_name ? `ansvarlig ${item.owner_name}` : null,
            item.due_on ? `frist ${dayOf(item.due_on)}` : null,
            item.done ? 'ferdig' : null,
          ]
            .filter(Boolean)
            .join(' – '),
        ),
      ),
    );
  }
  return renderEmail({
    subject: `Referat: ${meeting.title} ${when}`,
    preheader: `Referat fra ${meeting.title}.`,
    sender: senderOf(meeting.organization_name),
    heading: `Referat: ${meeting.title}`,
    body,
    why: `Du får dette referatet fordi du var invitert til ${meeting.title} i ${meeting.organization_name}.`,
    signature: sentByOrganization(meeting.organization_name),
  });
}
