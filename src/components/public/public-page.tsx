import type { CSSProperties, ReactNode } from 'react';
import styles from './public-page.module.css';

type PublicPageProps = {
  /** The organization's colours as CSS custom properties (an area's design, e.g. `--cal-primary`). */
  variables?: Record<string, string>;
  /** A signed URL of the design's background picture. */
  backgroundUrl?: string | null;
  children: ReactNode;
};

/** The frame of every public page: the organization's colours and background, filling the window. */
export function PublicPage({ variables, backgroundUrl, children }: PublicPageProps) {
  const style: CSSProperties & Record<string, string> = { ...variables };
  if (backgroundUrl) style.backgroundImage = `url("${backgroundUrl.replace(/"/g, '%22')}")`;
  return (
    // data-public-page: the ground that may be a picture (e2e checks that no text sits on it directly).
    <div className={styles.page} style={style} data-public-page="">
      <div className={styles.inner}>{children}</div>
    </div>
  );
}
