import { useState } from 'react';
import type { AnswerError, Answers, AnswerValue } from '@/lib/forms/engine-visitor';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { type BookingQuestions, readQuestions } from './booking-api';

/**
 * A service's questions before booking and the visitor's answers: held by the page, so going back to
 * the times keeps what was typed; a new service starts empty.
 */
export function useBookingQuestions(solutionId: string, serviceId: string | null) {
  const { state, reload } = usePublicLoad<{ serviceId: string | null; questions: BookingQuestions | null }>(
    (signal) =>
      serviceId
        ? readQuestions(solutionId, serviceId, signal).then((questions) => ({ serviceId, questions }))
        : Promise.resolve({ serviceId, questions: null }),
    serviceId ?? '',
  );
  const [held, setHeld] = useState<{ serviceId: string | null; answers: Answers; errors: AnswerError[] }>({
    serviceId,
    answers: {},
    errors: [],
  });
  const mine = held.serviceId === serviceId ? held : { serviceId, answers: {}, errors: [] };
  const current = state.status === 'ready' && state.data.serviceId === serviceId;
  const definition = current ? (state.data.questions?.definition ?? null) : null;
  const status = current ? 'ready' : state.status === 'failed' ? 'failed' : 'loading';
  return {
    status,
    failure: state.status === 'failed' ? state.code : null,
    reload,
    definition,
    answers: mine.answers,
    errors: mine.errors,
    set: (blockId: string, value: AnswerValue | undefined) =>
      setHeld((old) => {
        const base = old.serviceId === serviceId ? old : { serviceId, answers: {}, errors: [] };
        const answers = { ...base.answers };
        if (value === undefined) delete answers[blockId];
        else answers[blockId] = value;
        return { serviceId, answers, errors: base.errors.filter((error) => error.blockId !== blockId) };
      }),
    setErrors: (errors: AnswerError[]) => setHeld((old) => ({ ...old, serviceId, errors })),
  };
}

export type BookingQuestionsState = ReturnType<typeof useBookingQuestions>;

/**
 * The answers to send, after the browser's check with the forms engine: null when a question is
 * answered wrong (its error is shown at the field and the first such field takes the focus).
 */
export async function answersToSend(questions: BookingQuestionsState): Promise<Answers | null> {
  // Not read yet (or the read failed, said at the fields' place): nothing is sent unasked.
  if (questions.status !== 'ready') return null;
  if (!questions.definition) return {};
  // The forms engine comes only for a service that asks questions.
  const { checkBookingAnswers, visibleAnswers } = await import('./booking-answers');
  const errors = checkBookingAnswers(questions.definition, questions.answers);
  if (errors.length === 0) return visibleAnswers(questions.definition, questions.answers);
  showAnswerErrors(questions, errors);
  return null;
}

/** The engine's errors at their fields (the browser's check or the function's refusal). */
export function showAnswerErrors(questions: BookingQuestionsState, errors: AnswerError[]) {
  questions.setErrors(errors);
  const first = errors[0]?.blockId;
  if (first) requestAnimationFrame(() => document.getElementById(`felt-${first}`)?.focus());
}
