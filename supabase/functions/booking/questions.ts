/**
 * The questions before booking (docs/booking.md «Spørsmål før bestilling»): a visitor's answers are
 * checked against the version the service asks with the forms engine, the same check submit-form
 * makes, and only the cleaned answers are stored. A service without questions stores none.
 */
import { bookingQuestions } from '../_shared/booking/questions.ts';
import { type AnswerError, type Answers, parseDefinition, validateAnswers } from '../_shared/forms/index.ts';

export type CheckedAnswers = { ok: true; answers: Answers } | { ok: false; errors: AnswerError[] };

/** `questions` is booking_service_questions' answer: null, or `{ version_id, definition, … }`. */
export function checkBookingAnswers(questions: unknown, answers: Record<string, unknown>): CheckedAnswers {
  const definition =
    typeof questions === 'object' && questions !== null && 'definition' in questions
      ? questions.definition
      : null;
  if (definition === null) return { ok: true, answers: {} };
  const parsed = parseDefinition(definition);
  // A published version always parses; one that does not cannot be answered.
  if (!parsed.ok) throw new Error(`booking: the questions do not parse at ${parsed.path}`);
  // Hidden values (from a link's query) have no place on the booking page.
  const check = validateAnswers(bookingQuestions(parsed.definition), answers as Answers, {});
  return check.ok ? { ok: true, answers: check.cleaned } : { ok: false, errors: check.errors };
}
