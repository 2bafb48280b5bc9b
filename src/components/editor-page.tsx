import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import buttonStyles from './button.module.css';
import styles from './editor.module.css';
import { FormStatus } from './form-status';
import layout from './page.module.css';
import { SkeletonText } from './skeleton';

const SECONDARY_LINK = [buttonStyles.button, buttonStyles.secondary, buttonStyles.md].join(' ');

type EditorPageProps = {
  back: { to: string; label: string };
  /** Until the editor's data is here: its refusal, or a skeleton while it loads. */
  loading: { pending: boolean; error: unknown } | null;
  title?: string;
  /** The line under the title: status and period. */
  summary?: ReactNode;
  preview?: { to: string; label: string };
  children?: ReactNode;
};

/**
 * A campaign editor's page: the way back, then (once loaded) the title with its summary and
 * «Forhåndsvis», and the editor itself; while loading, its error or a skeleton.
 */
export function EditorPage({ back, loading, title, summary, preview, children }: EditorPageProps) {
  return (
    <div className={layout.page}>
      <Link to={back.to}>{back.label}</Link>
      {loading ? (
        <>
          <FormStatus error={loading.error} />
          {loading.pending ? <SkeletonText lines={8} /> : null}
        </>
      ) : (
        <>
          <div className={layout.header}>
            <div>
              <h1>{title}</h1>
              <p className={layout.muted}>{summary}</p>
            </div>
            {preview ? (
              <div className={styles.rowActions}>
                <Link className={SECONDARY_LINK} to={preview.to}>
                  {preview.label}
                </Link>
              </div>
            ) : null}
          </div>
          {children}
        </>
      )}
    </div>
  );
}
