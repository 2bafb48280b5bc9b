import type { CSSProperties, ReactNode } from 'react';
import type { CalendarDesign } from '../../types';
import { designVariables } from '../../utils/design';
import styles from './calendar-public.module.css';

type PublicPageProps = {
  design?: CalendarDesign | null;
  /** A signed URL of the design's background picture. */
  backgroundUrl?: string | null;
  children: ReactNode;
};

/** The frame of every public calendar page: the organization's colours and background. */
export function PublicPage({ design, backgroundUrl, children }: PublicPageProps) {
  const style: CSSProperties & Record<string, string> = { ...designVariables(design) };
  if (backgroundUrl) style.backgroundImage = `url("${backgroundUrl.replace(/"/g, '%22')}")`;
  return (
    // data-public-page: the ground that may be a picture (e2e checks that no text sits on it directly).
    <div className={styles.page} style={style} data-public-page="">
      <div className={styles.inner}>{children}</div>
    </div>
  );
}
