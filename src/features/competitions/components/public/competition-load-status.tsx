import { PageStatus } from '@/components/public/page-status';
import type { LoadState } from '@/lib/public/use-public-load';
import { CompetitionPublicPage } from './competition-public-page';
import { useStatusTexts } from './page-texts';

/** A public competition page before its data: the loading line, or the failure as the page's h1. */
export function CompetitionLoadStatus({
  state,
  onRetry,
  backHref,
}: {
  state: LoadState<unknown>;
  onRetry: () => void;
  backHref?: string;
}) {
  const statusTexts = useStatusTexts();
  return (
    <CompetitionPublicPage competition={null}>
      <PageStatus
        {...statusTexts}
        pageHeading
        status={state.status === 'failed' ? { code: state.code } : 'loading'}
        onRetry={onRetry}
        backHref={backHref}
      />
    </CompetitionPublicPage>
  );
}
