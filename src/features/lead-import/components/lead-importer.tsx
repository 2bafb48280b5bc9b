import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import layout from '@/components/page.module.css';
import { findExistingLeads, MAX_IMPORT_ROWS, useImportLeads } from '../api/import-leads';
import { parseFile, validateInBackground, type ParsedFile } from '../utils/background';
import { guessMapping, loadRememberedMapping, rememberMapping } from '../utils/fields';
import type { ColumnMapping, LeadField } from '../utils/fields';
import { markExisting } from '../utils/validate';
import type { RejectedRow, Validation } from '../utils/validate';
import { DoneStep } from './done-step';
import { FileStep } from './file-step';
import { MappingStep } from './mapping-step';
import { ProgressBar } from './progress-bar';
import { ReviewStep } from './review-step';

/** Spreadsheet formats the importer cannot read (.xlsx and .xlsm it can). */
const OTHER_SPREADSHEET = /\.(xls|xlsb|ods|numbers)$/i;

type Step = 'reading' | 'validating' | 'existing' | 'importing';
type LoadedFile = { name: string; parsed: ParsedFile };
type Done = { inserted: number; rejected: RejectedRow[] };

/** /leads/importer: upload → preview and mapping → check → import → report. */
export function LeadImporter({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('lead-import');
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [mappingError, setMappingError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ step: Step; value: number } | null>(null);
  const [review, setReview] = useState<Validation | null>(null);
  const [done, setDone] = useState<Done | null>(null);

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

  const progressText = progress ? t(`progress.${progress.step}`) : '';

  return (
    <div className={`${layout.page} ${layout.medium}`}>
      <h1>{t('title')}</h1>
      <p className={layout.muted}>{t('intro')}</p>

      {done ? (
        <DoneStep
          inserted={done.inserted}
          rejected={done.rejected}
          headers={file?.parsed.headers ?? []}
          onAgain={reset}
        />
      ) : (
        <>
          <FileStep file={file} error={fileError} busy={busy} onPick={pick} />
          {file ? (
            <MappingStep
              parsed={file.parsed}
              mapping={mapping}
              mappingError={mappingError}
              checkError={check.error}
              checking={check.isPending}
              busy={busy}
              onChange={changeField}
              onCheck={startCheck}
            />
          ) : null}
          {progress ? (
            <ProgressBar label={t('progressLabel')} text={progressText} value={progress.value} />
          ) : null}
          {file && review ? (
            <ReviewStep
              review={review}
              headers={file.parsed.headers}
              importError={run.error}
              importing={run.isPending}
              busy={busy}
              onImport={() => startImport(file.parsed, review)}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
