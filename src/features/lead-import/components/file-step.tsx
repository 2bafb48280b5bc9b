import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import type { CsvDelimiter } from '@/lib/spreadsheet/csv';
import type { ParsedFile } from '../utils/background';
import styles from './importer.module.css';

const DELIMITER_NAMES: Record<CsvDelimiter, 'comma' | 'semicolon' | 'tab'> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
};

type FileStepProps = {
  /** The file read so far, summarised under the drop zone. */
  file: { name: string; parsed: ParsedFile } | null;
  error: string | null;
  busy: boolean;
  onPick: (files: FileList | null) => void;
};

/** Step 1: choose or drop a CSV or Excel file. */
export function FileStep({ file, error, busy, onPick }: FileStepProps) {
  const { t } = useTranslation('lead-import');
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  return (
    <section className={layout.section} aria-labelledby="lead-import-file">
      <h2 id="lead-import-file">{t('fileHeading')}</h2>
      <div
        className={styles.dropzone}
        data-active={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!busy) onPick(event.dataTransfer.files);
        }}
      >
        <p className={layout.muted}>{t('dropzone')}</p>
        <label htmlFor={inputId}>{t('choose')}</label>
        <input
          id={inputId}
          type="file"
          className={styles.fileInput}
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,.xlsx,.xlsm,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.xls"
          aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          disabled={busy}
          onChange={(event) => {
            onPick(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
        <p id={`${inputId}-hint`} className={layout.muted}>
          {t('fileHint')}
        </p>
      </div>
      {error ? (
        <FormStatus id={`${inputId}-error`} tone="error">
          {error}
        </FormStatus>
      ) : null}
      {file ? (
        <p>
          {file.parsed.format === 'xlsx'
            ? t('fileSummaryXlsx', { file: file.name, count: file.parsed.rows.length })
            : t('fileSummary', {
                file: file.name,
                count: file.parsed.rows.length,
                delimiter: t(`delimiter.${DELIMITER_NAMES[file.parsed.delimiter]}`),
                encoding: t(`encoding.${file.parsed.encoding}`),
              })}
        </p>
      ) : null}
    </section>
  );
}
