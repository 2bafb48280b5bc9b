/**
 * The questions a service asks before booking, on the details step (docs/booking.md «Spørsmål før
 * bestilling»): the forms area's own public fields over the form's published version, loaded only
 * for a service that has questions. Every page on the visitor's path shows at once; the forms engine
 * decides what shows, and the booking function checks the answers again with it.
 */
import { useEffect, useMemo, useState } from 'react';
import { BlockField } from '@/components/public/form-fields/block-field';
import { engineMessages, formMessages } from '@/components/public/form-fields/form-texts';
import {
  type AnswerError,
  type Answers,
  type AnswerValue,
  evaluate,
  type FormDefinition,
} from '@/lib/forms/engine-visitor';
import { answerErrorMessage } from '@/lib/forms/messages';
import { createTranslate, PublicTextsProvider, type PublicTexts } from '@/lib/public/public-texts';
import { bookingQuestions } from '../../../../../supabase/functions/_shared/booking/questions.ts';
import { useBookingTexts } from './booking-texts';

const NO_QUOTAS = new Set<string>();

export type BookingQuestionsProps = {
  /** `booking_service_questions`' definition (a published version). */
  definition: unknown;
  answers: Answers;
  onChange: (blockId: string, value: AnswerValue | undefined) => void;
  /** The engine's errors, from the browser's check or the function's refusal. */
  errors: readonly AnswerError[];
  marketingText: string | null;
};

/** The fields read the forms area's texts (loaded with this module) over the booking page's. */
export default function BookingQuestions(props: BookingQuestionsProps) {
  const outer = useBookingTexts();
  const [texts, setTexts] = useState<PublicTexts | null>(null);
  useEffect(() => {
    let current = true;
    void formMessages(outer.language).then((messages) => {
      if (!current) return;
      const forms = createTranslate(messages, outer.language);
      const t = Object.assign(
        (key: string, values?: Record<string, string | number>) =>
          forms.has(key) ? forms(key, values) : outer.t(key, values),
        { has: (key: string) => forms.has(key) || outer.t.has(key) },
      );
      setTexts({ t, language: outer.language });
    });
    return () => {
      current = false;
    };
  }, [outer]);
  if (!texts) return null;
  return (
    <PublicTextsProvider value={texts}>
      <QuestionFields {...props} />
    </PublicTextsProvider>
  );
}

function QuestionFields({ definition, answers, onChange, errors, marketingText }: BookingQuestionsProps) {
  const { language } = useBookingTexts();
  const questions = useMemo(() => bookingQuestions(definition as FormDefinition), [definition]);
  const evaluation = useMemo(() => evaluate(questions, answers, {}), [questions, answers]);
  const messages = new Map<string, string>();
  for (const error of errors)
    if (!messages.has(error.blockId))
      messages.set(error.blockId, answerErrorMessage(error, engineMessages(language)));
  const blocks = evaluation.path.flatMap((pageId) => {
    const visible = new Set(evaluation.visible[pageId] ?? []);
    const page = questions.pages.find((candidate) => candidate.id === pageId);
    return (page?.blocks ?? []).filter((block) => visible.has(block.id));
  });
  return (
    <>
      {blocks.map((block) => (
        <BlockField
          key={block.id}
          block={block}
          texts={evaluation.texts[block.id]}
          value={answers[block.id]}
          error={messages.get(block.id)}
          onChange={(value) => onChange(block.id, value)}
          fullOptions={NO_QUOTAS}
          formId=""
          marketingText={marketingText}
          preview={false}
        />
      ))}
    </>
  );
}
