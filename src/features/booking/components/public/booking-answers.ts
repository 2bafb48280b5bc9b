import {
  type AnswerError,
  type Answers,
  evaluate,
  type FormDefinition,
  validateAnswers,
} from '@/lib/forms/engine-visitor';
import { bookingQuestions } from '../../../../../supabase/functions/_shared/booking/questions.ts';

/** The browser's check before sending: the engine's errors for the answers the visitor can see. */
export function checkBookingAnswers(definition: unknown, answers: Answers): AnswerError[] {
  const check = validateAnswers(bookingQuestions(definition as FormDefinition), answers, {});
  return check.ok ? [] : check.errors;
}

/** Only the answers to questions the visitor sees now: an answer left off their path is not sent. */
export function visibleAnswers(definition: unknown, answers: Answers): Answers {
  const { visible } = evaluate(bookingQuestions(definition as FormDefinition), answers, {});
  const shown = new Set(Object.values(visible).flat());
  return Object.fromEntries(Object.entries(answers).filter(([blockId]) => shown.has(blockId)));
}
