/**
 * The forms' e-mails (HTML + text), in Norwegian. The notice of a response goes to the members the
 * form tells, from Leadtorget on the organization's behalf, with each answer under its question's
 * label in the version it answered and a link to the form's results (members sign in to open it).
 */
import { type Block, type EmailContent, renderEmail, sentByOrganization } from '../_shared/email-layout.ts';
import {
  type AnswerValue,
  blocksInOrder,
  displayValue,
  type FormDefinition,
  isAnswerBlock,
} from '../_shared/forms/index.ts';
import { type CampaignSender, osloTime, senderOf } from './email.ts';

const DAY = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** «24.12.2026 kl. 14:05», Oslo wall clock. */
export const osloMoment = (moment: Date) => `${DAY.format(moment)} kl. ${osloTime(moment)}`;

/**
 * A response's answers as (label, value) rows in its version's order; file answers are their count
 * (the files are opened signed in, from the results), unanswered questions are left out.
 */
export function answerRows(definition: FormDefinition, answers: Record<string, unknown>): [string, string][] {
  const rows: [string, string][] = [];
  for (const { block } of blocksInOrder(definition)) {
    if (block.kind === 'hidden') {
      const value = answers[block.id];
      if (typeof value === 'string' && value) rows.push([block.key, value]);
      continue;
    }
    if (!isAnswerBlock(block) || !(block.id in answers)) continue;
    const value = answers[block.id] as AnswerValue;
    const shown =
      block.kind === 'file'
        ? `${(value as string[]).length} ${(value as string[]).length === 1 ? 'fil' : 'filer'}`
        : displayValue(block, value);
    if (shown) rows.push([block.label.replace(/\{[a-z][a-z0-9_]*\}/g, '…'), shown]);
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
