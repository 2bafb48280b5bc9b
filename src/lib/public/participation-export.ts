import { buildCsv } from '../csv';
import { downloadFile } from '../download';
import { osloDay, osloTime } from './oslo-time';
import type { ParticipationBooking, ParticipationCampaign, PersonParticipation } from './participation-api';
import { answersText, itemName, kindName } from './participation-texts';
import type { Translate } from './public-texts';

/**
 * The person's export, made in the browser from the same answer the page shows: the JSON exactly as
 * the database gave it, and a CSV for spreadsheets with one row per consent and per entry (the
 * person's details on every row, so each row stands alone when sorted or filtered).
 */

export const participationJson = (participation: PersonParticipation) =>
  `${JSON.stringify(participation, null, 2)}\n`;

/** «2026-12-02 10:00», Oslo time: readable, and sorts as text. */
const csvTime = (moment: string | null) => (moment ? `${osloDay(moment)} ${osloTime(moment, 'nb')}` : null);

/** A booking's own columns: service, staff, start and end in Oslo, status in words, paid in kroner. */
function bookingColumns(t: Translate, booking?: ParticipationBooking) {
  if (!booking) return [null, null, null, null, null, null, null, null];
  return [
    booking.service,
    booking.staff,
    csvTime(booking.starts_at),
    csvTime(booking.ends_at),
    t(`participation.booking.statuses.${booking.status}`),
    booking.paid_ore ? (booking.paid_ore / 100).toFixed(2).replace('.', ',') : null,
    csvTime(booking.rescheduled_at),
    csvTime(booking.cancelled_at),
  ];
}

export function participationCsv(participation: PersonParticipation, t: Translate): string {
  const column = (key: string) => t(`participation.csv.${key}`);
  const header = [
    'organization',
    'email',
    'name',
    'phone',
    'row',
    'campaign',
    'kind',
    'joined',
    'purpose',
    'text',
    'given',
    'withdrawn',
    'item',
    'answer',
    'correct',
    'formAnswers',
    'sent',
    'service',
    'staff',
    'starts',
    'ends',
    'status',
    'paid',
    'rescheduled',
    'cancelled',
  ].map(column);
  const person = [
    participation.organization_name,
    participation.email,
    participation.name,
    participation.phone,
  ];
  const campaignColumns = (campaign: ParticipationCampaign) => [
    campaign.name,
    kindName(t, campaign.kind),
    csvTime(campaign.joined_at),
  ];
  const rows = participation.campaigns.flatMap((campaign) => [
    ...campaign.consents.map((consent) => [
      ...person,
      column('consentRow'),
      ...campaignColumns(campaign),
      t(`participation.purposes.${consent.purpose}`),
      consent.text,
      csvTime(consent.given_at),
      csvTime(consent.withdrawn_at),
      ...[null, null, null, null, null],
      ...bookingColumns(t),
    ]),
    ...campaign.entries.map((entry) => [
      ...person,
      column(entry.booking ? 'bookingRow' : 'entryRow'),
      ...campaignColumns(campaign),
      ...[null, null, null, null],
      entry.item === null ? null : itemName(t, campaign.kind, entry.item),
      entry.answer,
      entry.is_correct === null ? null : column(entry.is_correct ? 'yes' : 'no'),
      answersText(t, entry.form_answers),
      csvTime(entry.created_at),
      ...bookingColumns(t, entry.booking),
    ]),
  ]);
  return buildCsv(header, rows);
}

/** `mine-opplysninger-2026-12-02.json`: the day it was downloaded, in Oslo. */
export const exportFileName = (t: Translate, extension: 'json' | 'csv', now = new Date()) =>
  `${t('participation.fileName')}-${osloDay(now)}.${extension}`;

/** Starts the download of the person's data as JSON or CSV (a Blob; nothing is sent anywhere). */
export function downloadParticipation(
  participation: PersonParticipation,
  t: Translate,
  extension: 'json' | 'csv',
) {
  if (extension === 'json')
    downloadFile(
      exportFileName(t, 'json'),
      participationJson(participation),
      'application/json;charset=utf-8',
    );
  else downloadFile(exportFileName(t, 'csv'), participationCsv(participation, t));
}
