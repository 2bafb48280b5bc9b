import { PageStatus } from '@/components/public/page-status';
import { PublicPage } from '@/components/public/public-page';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import type { LoadState } from '@/lib/public/use-public-load';
import { useBookingStatusTexts } from './booking-texts';

/** A booking page whose first read has not come: its loading line, or the failure as its heading. */
export function StatusPage({
  state,
  title,
  onRetry,
}: {
  state: LoadState<unknown>;
  title: string;
  onRetry: () => void;
}) {
  const statusTexts = useBookingStatusTexts();
  useDocumentTitle(title);
  return (
    <PublicPage>
      <PageStatus
        {...statusTexts}
        pageHeading
        status={state.status === 'failed' ? { code: state.code } : 'loading'}
        onRetry={onRetry}
      />
    </PublicPage>
  );
}
