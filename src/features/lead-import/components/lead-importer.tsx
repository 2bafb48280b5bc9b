import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import layout from '@/components/page.module.css';
import { Table } from '@/components/table';
import type { TableColumn } from '@/components/table';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/error-message';
import { paths } from '@/lib/paths';
import { findExistingLeads, MAX_IMPORT_ROWS, useImportLeads } from '../api/import-leads';
import { parseFile, validateInBackground, type ParsedFile } from '../utils/background';
import type { CsvDelimiter } from '../utils/csv';
import { guessMapping, LEAD_FIELDS, loadRememberedMapping, rememberMapping } from '../utils/fields';
import type { ColumnMapping, LeadField } from '../utils/fields';
import { rejectedReportCsv } from '../utils/report';
import { markExisting } from '../utils/validate';
import type { RejectedRow, RejectReason, Validation } from '../utils/validate';
import styles from './importer.module.css';
import { ProgressBar } from './progress-bar';

const PREVIEW_ROWS = 5;
const REJECTED_SHOWN = 100;
const DELIMITER_NAMES: Record<CsvDelimiter, 'comma' | 'semicolon' | 'tab'> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
};
/** Spreadsheet formats the importer cannot read (.xlsx and .xlsm it can). */
const OTHER_SPREADSHEET = /\.(xls|xlsb|ods|numbers)$/i;

type Step = 'reading' | 'validating' | 'existing' | 'importing';
type LoadedFile = { name: string; parsed: ParsedFile };
type Done = { inserted: number; rejected: RejectedRow[] };

/** /leads/importer: upload → preview and mapping → check → import → report. */
export function LeadImporter({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('lead-import');
  const inputId = useId();
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [mappingError, setMappingError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ step: Step; value: number } | null>(null);
  const [review, setReview] = useState<Validation | null>(null);
  const [done, setDone] = useState<Done | null>(null);

  const reasonText = (reason: RejectReason) => t(`reasons.${reason}`);

  const read = useMutation({
    mutationFn: async (picked: File) => {
      setProgress({ step: 'reading', value: 0 });
      return { name: picked.name, parsed: await parseFile(picked) };
    },
    onSuccess: (loaded) => {
      setProgress(null);
      if (loaded.parsed.rows.length === 0) return setFileError(t('fileEmpty'));
      if (loaded.parsed.rows.length > MAX_IMPORT_ROWS) {
        return setFileError(t('fileTooMany', { count: loaded.parsed.rows.length }));
      }
      setFile(loaded);
      setMapping(guessMapping(loaded.parsed.headers, loadRememberedMapping(organizationId)));
    },
    onError: () => {
      setProgress(null);
      setFileError(t('fileUnreadable'));
    },
  });

  const check = useMutation({
    mutationFn: async ({ parsed, chosen }: { parsed: ParsedFile; chosen: ColumnMapping }) => {
      setProgress({ step: 'validating', value: 0 });
      const validation = await validateInBackground(parsed, chosen, (doneRows, total) =>
        setProgress({ step: 'validating', value: (doneRows / total) * 70 }),
      );
      setProgress({ step: 'existing', value: 70 });
      const existing = await findExistingLeads(
        organizationId,
        {
          emails: validation.valid.flatMap((item) => (item.lead.email ? [item.lead.email] : [])),
          phones: validation.valid.flatMap((item) => (item.lead.phone ? [item.lead.phone] : [])),
        },
        (batch, total) => setProgress({ step: 'existing', value: 70 + (batch / total) * 30 }),
      );
      return markExisting(validation, parsed.rows, existing);
    },
    onSuccess: (validation) => {
      setProgress(null);
      setReview(validation);
    },
    onError: () => setProgress(null),
  });

  const run = useImportLeads(organizationId, (part, total) =>
    setProgress({ step: 'importing', value: (part / total) * 100 }),
  );
  function startImport(parsed: ParsedFile, checked: Validation) {
    setProgress({ step: 'importing', value: 0 });
    run.mutate(
      { fileRows: parsed.rows, valid: checked.valid },
      {
        onSuccess: (result) => {
          setProgress(null);
          const rejected = [...checked.rejected, ...result.rejected].sort((a, b) => a.row - b.row);
          setDone({ inserted: result.inserted, rejected });
        },
        onError: () => setProgress(null),
      },
    );
  }

  const busy = read.isPending || check.isPending || run.isPending;

  function reset() {
    setFile(null);
    setFileError(null);
    setMapping([]);
    setMappingError(null);
    setReview(null);
    setDone(null);
    check.reset();
    run.reset();
  }

  function pick(files: FileList | null) {
    const picked = files?.[0];
    if (!picked) return;
    reset();
    if (OTHER_SPREADSHEET.test(picked.name)) {
      setFileError(t('excelUnsupported'));
      return;
    }
    read.mutate(picked);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!busy) pick(event.dataTransfer.files);
  }

  function changeField(index: number, field: LeadField | '') {
    setReview(null);
    setMappingError(null);
    check.reset();
    setMapping((current) =>
      current.map((value, position) => {
        if (position === index) return field;
        // one column per field: the newest choice wins
        return field !== '' && value === field ? '' : value;
      }),
    );
  }

  function startCheck() {
    if (!file) return;
    const hasName = mapping.some(
      (field) => field === 'name' || field === 'first_name' || field === 'last_name',
    );
    const hasContact = mapping.some((field) => field === 'email' || field === 'phone');
    if (!hasName) return setMappingError(t('mappingNeedsName'));
    if (!hasContact) return setMappingError(t('mappingNeedsContact'));
    setMappingError(null);
    rememberMapping(organizationId, file.parsed.headers, mapping);
    check.mutate({ parsed: file.parsed, chosen: mapping });
  }

  function download(rejected: readonly RejectedRow[]) {
    if (!file) return;
    const csv = rejectedReportCsv(file.parsed.headers, rejected, {
      row: t('row'),
      reason: t('reason'),
      reasonText,
    });
    downloadFile(t('reportFileName'), csv);
  }

  const fieldOptions = [
    { value: '', label: t('ignore') },
    ...LEAD_FIELDS.map((field) => ({ value: field, label: t(`fields.${field}`) })),
  ];

  const rejectedColumns: TableColumn<RejectedRow>[] = [
    { key: 'row', header: t('row'), cell: (item) => item.row, align: 'end' },
    { key: 'reason', header: t('reason'), cell: (item) => reasonText(item.reason) },
    {
      key: 'values',
      header: t('values'),
      cell: (item) => item.values.filter((value) => value.trim() !== '').join(' · '),
    },
  ];

  function rejectedList(rejected: readonly RejectedRow[]) {
    if (rejected.length === 0) return null;
    return (
      <>
        <Table
          caption={t('rejectedCaption')}
          columns={rejectedColumns}
          rows={rejected.slice(0, REJECTED_SHOWN)}
          rowKey={(item) => `${item.row}-${item.reason}`}
        />
        {rejected.length > REJECTED_SHOWN ? (
          <p className={layout.muted}>
            {t('rejectedMore', { shown: REJECTED_SHOWN, count: rejected.length })}
          </p>
        ) : null}
        <div className={layout.actions}>
          <Button variant="secondary" onClick={() => download(rejected)}>
            {t('download')}
          </Button>
        </div>
      </>
    );
  }

  const progressText = progress ? t(`progress.${progress.step}`) : '';

  return (
    <div className={`${layout.page} ${layout.medium}`}>
      <h1>{t('title')}</h1>
      <p className={layout.muted}>{t('intro')}</p>

      {done ? (
        <section className={layout.section} aria-labelledby="lead-import-done">
          <h2 id="lead-import-done">{t('doneHeading')}</h2>
          <FormStatus tone="success">
            {t('doneSummary', { inserted: done.inserted, rejected: done.rejected.length })}
          </FormStatus>
          {rejectedList(done.rejected)}
          <div className={layout.actions}>
            <Link to={paths.leads}>{t('toLeads')}</Link>
            <Button variant="secondary" onClick={reset}>
              {t('again')}
            </Button>
          </div>
        </section>
      ) : (
        <>
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
              onDrop={onDrop}
            >
              <p className={layout.muted}>{t('dropzone')}</p>
              <label htmlFor={inputId}>{t('choose')}</label>
              <input
                id={inputId}
                type="file"
                className={styles.fileInput}
                accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,.xlsx,.xlsm,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.xls"
                aria-describedby={`${inputId}-hint${fileError ? ` ${inputId}-error` : ''}`}
                aria-invalid={fileError ? true : undefined}
                disabled={busy}
                onChange={(event) => {
                  pick(event.currentTarget.files);
                  event.currentTarget.value = '';
                }}
              />
              <p id={`${inputId}-hint`} className={layout.muted}>
                {t('fileHint')}
              </p>
            </div>
            {fileError ? (
              <FormStatus id={`${inputId}-error`} tone="error">
                {fileError}
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

          {file ? (
            <section className={layout.section} aria-labelledby="lead-import-mapping">
              <h2 id="lead-import-mapping">{t('mappingHeading')}</h2>
              <p className={layout.muted}>{t('mappingHint')}</p>
              <div className={styles.mapping}>
                {file.parsed.headers.map((header, index) => (
                  <NativeSelect
                    key={index}
                    label={t('columnField', { column: header || `#${index + 1}` })}
                    options={fieldOptions}
                    value={mapping[index] ?? ''}
                    disabled={busy}
                    onChange={(event) => changeField(index, event.currentTarget.value as LeadField | '')}
                  />
                ))}
              </div>
              <div className={styles.scroll}>
                <table className={styles.preview}>
                  <caption>
                    {t('previewCaption', {
                      count: Math.min(PREVIEW_ROWS, file.parsed.rows.length),
                    })}
                  </caption>
                  <thead>
                    <tr>
                      {file.parsed.headers.map((header, index) => (
                        <th key={index} scope="col">
                          {header}
                          <br />
                          <small>{mapping[index] ? t(`fields.${mapping[index]}`) : t('ignore')}</small>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {file.parsed.rows.slice(0, PREVIEW_ROWS).map((values, rowIndex) => (
                      <tr key={rowIndex}>
                        {file.parsed.headers.map((_, index) => (
                          <td key={index}>{values[index] ?? ''}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {mappingError ? <FormStatus tone="error">{mappingError}</FormStatus> : null}
              <FormStatus error={check.error} />
              <div className={layout.actions}>
                <Button onClick={startCheck} loading={check.isPending} disabled={busy}>
                  {t('check')}
                </Button>
              </div>
            </section>
          ) : null}

          {progress ? (
            <ProgressBar label={t('progressLabel')} text={progressText} value={progress.value} />
          ) : null}

          {file && review ? (
            <section className={layout.section} aria-labelledby="lead-import-review">
              <h2 id="lead-import-review">{t('reviewHeading')}</h2>
              <p role="status">
                {t('reviewSummary', {
                  valid: review.valid.length,
                  rejected: review.rejected.length,
                })}
              </p>
              {run.error ? (
                <FormStatus tone="error">
                  {t('failed')} {errorMessage(run.error)}
                </FormStatus>
              ) : null}
              {review.valid.length === 0 ? (
                <p className={styles.error}>{t('nothingToImport')}</p>
              ) : (
                <div className={layout.actions}>
                  <Button
                    onClick={() => startImport(file.parsed, review)}
                    loading={run.isPending}
                    disabled={busy}
                  >
                    {t('import', { count: review.valid.length })}
                  </Button>
                </div>
              )}
              {rejectedList(review.rejected)}
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
