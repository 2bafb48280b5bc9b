import type { ReactNode } from 'react';
import { PublicPage } from '@/components/public/public-page';
import type { CalendarDesign } from '../../types';
import { designAttributes, designVariables } from '../../utils/design';

export type CalendarPublicPageProps = {
  /** The calendar's design as stored; null while it is read (the app's own look meanwhile). */
  design: CalendarDesign | null | undefined;
  /** A signed URL of the design's background picture. */
  backgroundUrl?: string | null;
  /** Inside the editor: as tall as its content. */
  framed?: boolean;
  children: ReactNode;
};

/**
 * The ground of every public calendar page in the owner's design: colours, theme and door style. The
 * hosted pages and the editor's previews render it alike, so the editor shows what the public sees.
 */
export function CalendarPublicPage({ design, backgroundUrl, framed, children }: CalendarPublicPageProps) {
  return (
    <PublicPage
      variables={designVariables(design)}
      attributes={{ ...(design ? designAttributes(design) : {}), 'data-calendar-page': '' }}
      backgroundUrl={backgroundUrl}
      framed={framed}
    >
      {children}
    </PublicPage>
  );
}
