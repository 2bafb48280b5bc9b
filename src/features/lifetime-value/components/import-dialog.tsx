import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import { Table, type TableColumn } from '@/components/table';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { readBytes } from '@/lib/read-bytes';
import { fileFormat, parseBytes, type ParsedFile } from '@/lib/spreadsheet/parse';
import { VAT_RATES } from '@/lib/vat';
import {
  REVENUE_IMPORT_MAX_ROWS,
  useImportRevenue,
  type ImportResult,
  type RevenueRowCode,
} from '../api/revenue-imports';
import { kroner } from '../utils/report-tables';
import {
  checkRow,
  guessMapping,
  REVENUE_FIELDS,
  type CheckedRow,
  type RevenueMapping,
} from '../utils/revenue-file';
import styles from './lifetime-value.module.css';

/** Each refused row's number in the file and its code's message. */
function RowErrors({ rows }: { rows: readonly { line: number; code: RevenueRowCode | null }[] }) {
  const { t } = useTranslation('lifetime-value');
  return (
    <ul className={styles.errorList}>
      {rows.map((row) => (
        <li key={row.line}>
          {t('import.lineError', { line: row.line, message: row.code ? errorMessage(row.code) : '' })}
        </li>
      ))}
    </ul>
  );
}

/** Rows the preview lists; the errors list every rejected row. */
const PREVIEW_ROWS = 10;

type Loaded = { name: string; parsed: ParsedFile };

/**
 * «Importer omsetning»: a CSV or Excel file of sales (date, customer e-mail or phone, amount incl.
 * MVA, MVA rate) → columns mapped → each row checked with the database's own rules → sent → what
 * matched a lead, what became a new lead, what was rejected.
 */
export function ImportDialog({
  organizationId,
  today,
  open,
  onOpenChange,
}: {
  organizationId: string;
  /** Today's Oslo date: a sale cannot be later. */
  today: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('lifetime-value');
  const inputId = useId();
  const [file, setFile] = useState<Loaded | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<RevenueMapping | null>(null);
  const [defaultVat, setDefaultVat] = useState(25);
  const [result, setResult] = useState<{ value: ImportResult; lines: number[] } | null>(null);
  const importRevenue = useImportRevenue(organizationId);

  const reset = () => {
    setFile(null);
    setFileError(null);
    setMapping(null);
    setResult(null);
    importRevenue.reset();
  };

  const pick = async (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    reset();
    try {
      const buffer = await readBytes(chosen);
      const parsed = await parseBytes(buffer, fileFormat(chosen.name, new Uint8Array(buffer)));
      if (parsed.rows.length === 0) setFileError(t('import.fileEmpty'));
      else if (parsed.rows.length > REVENUE_IMPORT_MAX_ROWS)
        setFileError(errorMessage('revenue-import-too-large'));
      else {
        setFile({ name: chosen.name, parsed });
        setMapping(guessMapping(parsed.headers));
      }
    } catch {
      setFileError(t('import.fileUnreadable'));
    }
  };

  const checked: CheckedRow[] =
    file && mapping
      ? file.parsed.rows.map((cells, index) =>
          checkRow(cells, file.parsed.rowNumbers[index] ?? index + 2, mapping, { defaultVat, today }),
        )
      : [];
  const valid = checked.filter((row) => row.code === null);
  const rejected = checked.filter((row) => row.code !== null);
  const mappingProblem = !mapping
    ? null
    : mapping.date === null || mapping.amount === null
      ? t('import.needsDateAmount')
      : mapping.email === null && mapping.phone === null
        ? t('import.needsCustomer')
        : null;

  const send = () => {
    if (!file) return;
    const lines = valid.map((row) => row.line);
    importRevenue.mutate(
      { fileName: file.name, rows: valid.flatMap((row) => (row.row ? [row.row] : [])) },
      { onSuccess: (value) => setResult({ value, lines }) },
    );
  };

  const previewColumns: TableColumn<CheckedRow>[] = [
    { key: 'line', header: t('import.line'), cell: (row) => row.line },
    { key: 'date', header: t('import.fields.date'), cell: (row) => row.row?.occurred_on ?? '–' },
    {
      key: 'customer',
      header: t('import.customer'),
      cell: (row) => row.row?.email ?? row.row?.phone ?? '–',
    },
    {
      key: 'amount',
      header: t('import.fields.amount'),
      align: 'end',
      cell: (row) => (row.row ? kroner(row.row.amount_ore) : '–'),
    },
    {
      key: 'vat',
      header: t('import.fields.vat'),
      align: 'end',
      cell: (row) => (row.row ? `${row.row.vat_rate} %` : '–'),
    },
    {
      key: 'status',
      header: t('import.status'),
      cell: (row) => (row.code === null ? t('import.rowOk') : errorMessage(row.code)),
    },
  ];

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) reset();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      wide
      title={t('import.title')}
      description={t('import.intro')}
      footer={
        result ? (
          <Button onClick={() => close(false)}>{t('import.done')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => close(false)}>
              {t('import.cancel')}
            </Button>
            <Button
              onClick={send}
              disabled={!file || mappingProblem !== null || valid.length === 0}
              loading={importRevenue.isPending}
            >
              {t('import.send', { count: valid.length })}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div className={styles.importResult} role="status">
          <p>
            {t('import.result', {
              inserted: formatNumber(result.value.inserted),
              matched: formatNumber(result.value.matched),
              created: formatNumber(result.value.created_leads),
            })}
          </p>
          {result.value.rejected.length + rejected.length > 0 ? (
            <>
              <p>{t('import.resultRejected', { count: result.value.rejected.length + rejected.length })}</p>
              <RowErrors
                rows={[
                  ...rejected,
                  ...result.value.rejected.map((row) => ({
                    line: result.lines[row.row - 1] ?? row.row,
                    code: row.code,
                  })),
                ]}
              />
            </>
          ) : null}
        </div>
      ) : (
        <div className={styles.importBody}>
          <div>
            <label htmlFor={inputId}>{t('import.choose')}</label>
            <input
              id={inputId}
              type="file"
              className={styles.fileInput}
              accept=".csv,.tsv,.txt,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={`${inputId}-hint`}
              onChange={(event) => {
                void pick(event.currentTarget.files);
                event.currentTarget.value = '';
              }}
            />
            <p id={`${inputId}-hint`} className={styles.hint}>
              {t('import.fileHint', { max: formatNumber(REVENUE_IMPORT_MAX_ROWS) })}
            </p>
          </div>
          {fileError ? <FormStatus tone="error">{fileError}</FormStatus> : null}
          {file && mapping ? (
            <>
              <p>{t('import.fileSummary', { file: file.name, count: file.parsed.rows.length })}</p>
              <fieldset className={styles.mapping}>
                <legend>{t('import.mapping')}</legend>
                {REVENUE_FIELDS.map((field) => (
                  <NativeSelect
                    key={field}
                    label={t(`import.fields.${field}`)}
                    value={mapping[field] === null ? '' : String(mapping[field])}
                    onChange={(event) =>
                      setMapping({
                        ...mapping,
                        [field]: event.target.value === '' ? null : Number(event.target.value),
                      })
                    }
                    options={[
                      { value: '', label: t('import.noColumn') },
                      ...file.parsed.headers.map((header, index) => ({
                        value: String(index),
                        label: header || t('import.column', { number: index + 1 }),
                      })),
                    ]}
                  />
                ))}
                <NativeSelect
                  label={t('import.defaultVat')}
                  hint={t('import.defaultVatHint')}
                  value={String(defaultVat)}
                  onChange={(event) => setDefaultVat(Number(event.target.value))}
                  options={VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
                />
              </fieldset>
              {mappingProblem ? <FormStatus tone="error">{mappingProblem}</FormStatus> : null}
              <p role="status">{t('import.summary', { valid: valid.length, rejected: rejected.length })}</p>
              <Table
                caption={t('import.preview', { count: Math.min(PREVIEW_ROWS, checked.length) })}
                columns={previewColumns}
                rows={checked.slice(0, PREVIEW_ROWS)}
                rowKey={(row) => String(row.line)}
              />
              {rejected.length > 0 ? (
                <details open={rejected.length <= 20}>
                  <summary>{t('import.rejectedList', { count: rejected.length })}</summary>
                  <RowErrors rows={rejected} />
                </details>
              ) : null}
              <FormStatus error={importRevenue.error} />
            </>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
