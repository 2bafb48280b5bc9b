import type { CSSProperties, ReactNode } from 'react';
import styles from './public-page.module.css';

type PublicPageProps = {
  /** The organization's colours as CSS custom properties (an area's design, e.g. `--cal-primary`). */
  variables?: Record<string, string>;
  /** Data attributes an area's stylesheet draws by (a theme, a door style). */
  attributes?: Record<`data-${string}`, string>;
  /** A signed URL of the design's background picture. */
  backgroundUrl?: string | null;
  /** Inside an editor: as tall as its content, with rounded corners, rather than filling the window. */
  framed?: boolean;
  children: ReactNode;
};

/** The frame of every public page: the organization's colours and background, filling the window. */
export function PublicPage({
  variables,
  attributes,
  backgroundUrl,
  framed = false,
  children,
}: PublicPageProps) {
  const style: CSSProperties & Record<string, string> = { ...variables };
  if (backgroundUrl) style.backgroundImage = `url("${backgroundUrl.replace(/"/g, '%22')}")`;
  return (
    // data-public-page: the ground that may be a picture (e2e checks that no text sits on it directly).
    <div
      {...attributes}
      className={framed ? `${styles.page} ${styles.framed}` : styles.page}
      style={style}
      data-public-page=""
    >
      <div className={styles.inner}>{children}</div>
    </div>
  );
}
