import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DescriptionList } from '@/components/description-list';
import { formatDateTime, formatNumber } from '@/lib/format';
import { formatBytes } from '@/lib/format-bytes';
import type { FormDefinition } from '@/lib/forms/engine';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import { responseUploadsQueryOptions } from '../../api/response-uploads';
import { answerLines, type ResultRow } from './results-data';
import styles from './results.module.css';

/**
 * One response: every answer under its question's label in the version it answered, so an older
 * version's responses stay readable after the questions change. Focus moves to its heading.
 */
export function ResponseDetail({
  formId,
  row,
  definition,
  duration,
  onClose,
}: {
  formId: string;
  row: ResultRow;
  definition: FormDefinition;
  duration: (ms: number | null) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation('forms-results');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [row.response_id]);
  const lines = answerLines(definition, row);
  const when = formatDateTime(row.submitted_at);
  return (
    <section className={styles.detail} aria-labelledby="form-results-detail">
      <div className={styles.panelHeader}>
        <h4 id="form-results-detail" ref={heading} tabIndex={-1}>
          {t('detail.heading', { when })}
        </h4>
        <Button variant="ghost" onClick={onClose} aria-label={t('detail.close')}>
          <X aria-hidden="true" size={18} />
        </Button>
      </div>
      <DescriptionList
        items={[
          {
            key: 'version',
            term: t('responses.version'),
            value: t('detail.version', { version: row.version }),
          },
          { key: 'duration', term: t('detail.duration'), value: duration(row.duration_ms) },
          ...(row.score === null
            ? []
            : [{ key: 'score', term: t('detail.score'), value: formatNumber(row.score) }]),
        ]}
      />
      {lines.length === 0 ? (
        <p>{t('detail.noAnswers')}</p>
      ) : (
        <DescriptionList
          items={lines.map((line) => ({
            key: line.id,
            term: line.label,
            value: line.uploadIds ? <ResponseFiles formId={formId} uploadIds={line.uploadIds} /> : line.value,
          }))}
        />
      )}
    </section>
  );
}

/**
 * A file answer's files, each a link the member opens signed in (the bucket is private; a link lasts
 * a while). A file the sweep has removed (its person erased) is said to be gone.
 */
function ResponseFiles({ formId, uploadIds }: { formId: string; uploadIds: string[] }) {
  const { t } = useTranslation('forms-results');
  const uploads = useQuery(responseUploadsQueryOptions(formId, uploadIds));
  const byId = new Map((uploads.data ?? []).map((upload) => [upload.id, upload]));
  const links = useSignedMediaUrls(
    (uploads.data ?? []).map((upload) => upload.object_path),
    'campaign-uploads',
  );
  if (!uploads.data) return t('detail.files', { count: uploadIds.length });
  return (
    <ul className={styles.files}>
      {uploadIds.map((id, index) => {
        const upload = byId.get(id);
        if (!upload) return <li key={id}>{t('detail.fileMissing')}</li>;
        const label = t('detail.file', {
          number: index + 1,
          type: upload.mime.split('/')[1]?.toUpperCase() ?? upload.mime,
          size: formatBytes(upload.bytes),
        });
        const href = links.get(upload.object_path);
        return (
          <li key={id}>
            {href ? (
              <a href={href} target="_blank" rel="noreferrer">
                {label}
              </a>
            ) : (
              label
            )}
          </li>
        );
      })}
    </ul>
  );
}
