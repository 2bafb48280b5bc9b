/**
 * The forms' e-mails (HTML + text), in Norwegian, all from Leadtorget on the organization's behalf:
 * the notice of a response and the daily digest go to the members the form tells, with a link to the
 * form's results (members sign in to open it); the confirmation goes to the respondent, with the
 * ending they saw and the link to their own page. Answers read under their questions' labels in the
 * version they answered.
 */
import { type Block, type EmailContent, renderEmail, sentByOrganization } from '../_shared/email-layout.ts';
import {
  type Answers,
  type AnswerValue,
  blocksInOrder,
  displayValue,
  evaluate,
  formatDate,
  type FormDefinition,
  isAnswerBlock,
  pipe,
} from '../_shared/forms/index.ts';
import { type CampaignSender, greeting, osloTime, senderOf } from './email.ts';

const DAY = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The form's results in the editor, where the members read every response (signed in). */
export const formResultsPath = (formId: string) =>
  `/forms/${encodeURIComponent(formId)}/edit?section=results`;

/** «24.12.2026 kl. 14:05», Oslo wall clock. */
export const osloMoment = (moment: Date) => `${DAY.format(moment)} kl. ${osloTime(moment)}`;

/**
 * A response's answers as (label, value) rows in its version's order; file answers are their count
 * (the files are opened signed in, from the results), unanswered questions are left out. The hidden
 * blocks' values (the link's query) are the members' to read, under their keys; `hidden: false`
 * leaves them out for the respondent, who never saw them.
 */
export function answerRows(
  definition: FormDefinition,
  answers: Record<string, unknown>,
  { hidden = true } = {},
): [string, string][] {
  const rows: [string, string][] = [];
  const shownValue = (block: Parameters<typeof displayValue>[0], value: AnswerValue) =>
    block.kind === 'file'
      ? `${(value as string[]).length} ${(value as string[]).length === 1 ? 'fil' : 'filer'}`
      : displayValue(block, value);
  // The labels with their {key} piped, as the form showed them («Hva gjelder det, Eli?»).
  const piped: Record<string, string> = {};
  for (const { block } of blocksInOrder(definition)) {
    if (isAnswerBlock(block) && block.id in answers && block.kind !== 'file')
      piped[block.key] = displayValue(block, answers[block.id] as AnswerValue);
  }
  for (const { block } of blocksInOrder(definition)) {
    if (block.kind === 'hidden') {
      if (!hidden) continue;
      const value = answers[block.id];
      if (typeof value === 'string' && value) rows.push([block.key, value]);
      continue;
    }
    if (!isAnswerBlock(block) || !(block.id in answers)) continue;
    const shown = shownValue(block, answers[block.id] as AnswerValue);
    if (shown) rows.push([pipe(block.label, piped), shown]);
  }
  return rows;
}

export interface ResponseNoticeInput {
  formName: string;
  sender: CampaignSender;
  submittedAt: Date;
  definition: FormDefinition;
  answers: Record<string, unknown>;
  score: number | null;
  /** `<site>/forms/<id>/edit?section=results` */
  resultsLink: string;
}

export function responseNoticeEmail(input: ResponseNoticeInput): EmailContent {
  const organization = input.sender.organizationName;
  const rows = answerRows(input.definition, input.answers);
  if (input.score !== null) rows.push(['Poeng', String(input.score).replace('.', ',')]);
  const body: Block[] = [
    ['Nytt svar på ', { strong: input.formName }, `, sendt ${osloMoment(input.submittedAt)}:`],
    rows.length > 0 ? { rows } : 'Svaret har ingen utfylte spørsmål.',
  ];
  const subject = `Nytt svar på ${input.formName}`;
  return renderEmail({
    subject,
    preheader: `Sendt ${osloMoment(input.submittedAt)}.`,
    sender: senderOf(input.sender),
    heading: subject,
    body,
    button: { label: 'Se alle svarene', href: input.resultsLink },
    why: `Du får denne e-posten fordi du er valgt til å få beskjed om svar på ${input.formName} hos ${organization}. Du kan endre det under skjemaets innstillinger.`,
    signature: sentByOrganization(organization),
  });
}

/**
 * The ending a response reached, its title and text piped as the page showed them: the stored answers
 * with the hidden blocks' values given back as the link's query they came from.
 */
export function endingOf(definition: FormDefinition, answers: Record<string, unknown>) {
  const visible: Record<string, unknown> = { ...answers };
  const query: Record<string, string> = {};
  for (const { block } of blocksInOrder(definition)) {
    if (block.kind !== 'hidden') continue;
    const value = answers[block.id];
    if (typeof value === 'string') query[block.source] = value;
    delete visible[block.id];
  }
  return evaluate(definition, visible as Answers, query).ending;
}

export interface ResponseConfirmationInput {
  formName: string;
  sender: CampaignSender;
  /** The person's name, when the form asked for it. */
  name: string | null;
  definition: FormDefinition;
  answers: Record<string, unknown>;
  /** Their own page, opened with their participation token. */
  participationLink: string;
}

export function responseConfirmationEmail(input: ResponseConfirmationInput): EmailContent {
  const organization = input.sender.organizationName;
  const ending = endingOf(input.definition, input.answers);
  const rows = answerRows(input.definition, input.answers, { hidden: false });
  // The heading thanks them already; the ending says the rest, in the organization's own words.
  const body: Block[] = [greeting(input.name)];
  if (ending.title) body.push([{ strong: ending.title }]);
  if (ending.text) body.push(ending.text);
  if (!ending.title && !ending.text) body.push(`${organization} har fått svaret ditt.`);
  body.push(...(rows.length > 0 ? ['Dette svarte du:', { rows }] : []));
  const subject = `Takk for svaret ditt på ${input.formName}`;
  return renderEmail({
    subject,
    preheader: ending.title || `${organization} har fått svaret ditt.`,
    sender: senderOf(input.sender),
    heading: subject,
    body,
    button: { label: 'Se svarene dine', href: input.participationLink },
    after: ['Lenken til siden din er personlig. Ikke del den med andre.'],
    why: `Du får denne e-posten fordi e-postadressen din ble oppgitt i ${input.formName} fra ${organization}. Var det ikke deg, kan du slette dataene på siden din.`,
    signature: sentByOrganization(organization),
  });
}

/** The responses a digest lists by name; the rest are counted («og 3 til»). */
export const DIGEST_LISTED = 10;

export interface DigestResponse {
  submittedAt: Date;
  name: string | null;
  email: string | null;
}

export interface ResponseDigestInput {
  formName: string;
  sender: CampaignSender;
  /** The Oslo day of the digest, `2026-11-24`. */
  onDate: string;
  count: number;
  firstAt: Date;
  lastAt: Date;
  /** The first responses, in the order they came (at most DIGEST_LISTED are shown; none: the count alone). */
  responses: readonly DigestResponse[];
  /** `<site>/forms/<id>/edit?section=results` */
  resultsLink: string;
}

const answersCount = (count: number) => `${count} ${count === 1 ? 'nytt svar' : 'nye svar'}`;

export function responseDigestEmail(input: ResponseDigestInput): EmailContent {
  const organization = input.sender.organizationName;
  const listed = input.responses.slice(0, DIGEST_LISTED);
  const rest = input.count - listed.length;
  // One response: its time stands in the list (or here, without one).
  const when =
    input.count > 1
      ? `: det første ${osloMoment(input.firstAt)}, det siste ${osloMoment(input.lastAt)}.`
      : listed.length > 0
        ? ':'
        : `, sendt ${osloMoment(input.firstAt)}.`;
  const body: Block[] = [
    [{ strong: input.formName }, ` har fått ${answersCount(input.count)} siden forrige oppsummering${when}`],
  ];
  // No list (it could not be read) is the count alone, not «og 12 til» after nothing.
  if (listed.length > 0) {
    body.push({
      rows: listed.map((response) => [
        osloMoment(response.submittedAt),
        response.name || response.email || 'Uten kontaktopplysninger',
      ]),
    });
    if (rest > 0) body.push(`og ${rest} til`);
  }
  const subject = `${answersCount(input.count)} på ${input.formName}`;
  return renderEmail({
    subject,
    preheader: `Oppsummering for ${formatDate(input.onDate)}.`,
    sender: senderOf(input.sender),
    heading: subject,
    body,
    button: { label: 'Se alle svarene', href: input.resultsLink },
    why: `Du får denne e-posten fordi du er valgt til å få en daglig oppsummering av svar på ${input.formName} hos ${organization}. Du kan endre det under skjemaets innstillinger.`,
    signature: sentByOrganization(organization),
  });
}
