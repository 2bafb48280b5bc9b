import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './device-preview.module.css';

export type PreviewWidth = 'phone' | 'desktop';

interface DevicePreviewProps {
  /** The public page itself, drawn as a visitor sees it. */
  children: ReactNode | ((width: PreviewWidth) => ReactNode);
  /** The heading, «Forhåndsvisning» unless the editor names it. */
  title?: string;
  /** The heading's level where the preview sits under a section's own heading. */
  headingLevel?: 2 | 3;
  /** Nothing in it can be used (a page that would write or pay). */
  inert?: boolean;
  className?: string;
  testId?: string;
}

/**
 * An editor's live preview of a public page, at a phone's or a desktop's width (the editor's own
 * choice, phone first: most visitors come on a phone). The toggle is a pair of pressed buttons, so a
 * screen reader hears which width is shown.
 */
export function DevicePreview({
  children,
  title,
  headingLevel = 2,
  inert = false,
  className,
  testId,
}: DevicePreviewProps) {
  const { t } = useTranslation('components');
  const headingId = useId();
  const [width, setWidth] = useState<PreviewWidth>('phone');
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const frame = [styles.frame, width === 'phone' ? styles.phone : '', inert ? styles.inert : '']
    .filter(Boolean)
    .join(' ');
  return (
    <section aria-labelledby={headingId} className={[styles.pane, className].filter(Boolean).join(' ')}>
      <div className={styles.head}>
        <Heading id={headingId}>{title ?? t('devicePreviewTitle')}</Heading>
        <div role="group" aria-label={t('devicePreviewWidth')} className={styles.widths}>
          {(['phone', 'desktop'] as const).map((value) => (
            <Button
              key={value}
              size="sm"
              variant={width === value ? 'primary' : 'secondary'}
              aria-pressed={width === value}
              onClick={() => setWidth(value)}
            >
              {value === 'phone' ? t('devicePreviewPhone') : t('devicePreviewDesktop')}
            </Button>
          ))}
        </div>
      </div>
      <div className={frame} inert={inert} data-testid={testId}>
        {typeof children === 'function' ? children(width) : children}
      </div>
    </section>
  );
}
