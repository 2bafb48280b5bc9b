import type { ReactNode } from 'react';
import { PublicPage } from '@/components/public/public-page';
import { useSignedUrl } from '@/lib/public/use-signed-url';
import type { PublicCompetition } from '../../api/public-competition';
import { competitionDesignVariables } from '../../utils/public-design';

export type CompetitionPublicPageProps = {
  /** Null while it is read: the app's own look meanwhile. */
  competition: Pick<PublicCompetition, 'design' | 'background'> | null;
  /** Inside the signed-in preview: as tall as its content. */
  framed?: boolean;
  children: ReactNode;
};

/** The ground of every public competition page in the organization's colours and background picture. */
export function CompetitionPublicPage({ competition, framed, children }: CompetitionPublicPageProps) {
  const background = useSignedUrl(competition?.background?.path);
  return (
    <PublicPage
      variables={competitionDesignVariables(competition?.design)}
      attributes={{ 'data-competition-page': '' }}
      backgroundUrl={background}
      framed={framed}
    >
      {children}
    </PublicPage>
  );
}
