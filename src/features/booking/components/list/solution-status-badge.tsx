import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/badge';
import type { BookingSolutionStatus } from '../../api/types';

const TONE: Record<BookingSolutionStatus, BadgeTone> = {
  draft: 'neutral',
  live: 'success',
  archived: 'warning',
};

/** Utkast, Publisert or Arkivert: a word with its colour, never the colour alone. */
export function SolutionStatusBadge({ status }: { status: BookingSolutionStatus }) {
  const { t } = useTranslation('booking');
  return <Badge tone={TONE[status]}>{t(`status.${status}`)}</Badge>;
}
