import { lazy, Suspense } from 'react';
import ui from '@/components/public/public-ui.module.css';
import { failureText } from '@/lib/public/public-texts';
import { useBookingTexts } from './booking-texts';
import type { BookingQuestionsState } from './use-booking-questions';

// The forms area's fields come only for a service that asks questions.
const LazyQuestions = lazy(() => import('./booking-questions'));

/** The service's questions on the details step, or why they could not be read. */
export function BookingQuestionFields({
  questions,
  marketingText,
}: {
  questions: BookingQuestionsState;
  marketingText: string | null;
}) {
  const { t } = useBookingTexts();
  if (questions.status === 'failed')
    return (
      <p role="alert" className={ui.error}>
        {failureText(t, questions.failure ?? 'unknown')}{' '}
        <button type="button" className={ui.link} onClick={questions.reload}>
          {t('details.retryQuestions')}
        </button>
      </p>
    );
  if (!questions.definition) return null;
  return (
    <Suspense fallback={null}>
      <LazyQuestions
        definition={questions.definition}
        answers={questions.answers}
        onChange={questions.set}
        errors={questions.errors}
        marketingText={marketingText}
      />
    </Suspense>
  );
}
