import { useTranslation } from 'react-i18next';
import { DescriptionList } from '@/components/description-list';
import type { BookingAnswer } from '../../api/types';

/** The answers to the service's questions, each by the question as the visitor saw it. */
export function BookingAnswers({ answers }: { answers: readonly BookingAnswer[] }) {
  const { t } = useTranslation('booking');
  if (answers.length === 0) return null;
  return (
    <DescriptionList
      label={t('bookings.answers')}
      items={answers.map((answer, index) => ({ key: String(index), term: answer.label, value: answer.text }))}
    />
  );
}
