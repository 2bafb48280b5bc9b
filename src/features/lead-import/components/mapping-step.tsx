import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import layout from '@/components/page.module.css';
import { oneOf } from '@/lib/one-of';
import type { ParsedFile } from '../utils/background';
import { LEAD_FIELDS } from '../utils/fields';
import type { ColumnMapping, LeadField } from '../utils/fields';
import styles from './importer.module.css';

const PREVIEW_ROWS = 5;
/** What a column's select offers: a lead field, or '' to ignore the column. */
const FIELD_CHOICES: readonly (LeadField | '')[] = ['', ...LEAD_FIELDS];

type MappingStepProps = {
  parsed: ParsedFile;
  mapping: ColumnMapping;
  /** Why the mapping cannot be checked yet (no name or no contact column). */
  mappingError: string | null;
  checkError: unknown;
  checking: boolean;
  busy: boolean;
  onChange: (index: number, field: LeadField | '') => void;
  onCheck: () => void;
};

/** Step 2: which lead field each column holds, with the first rows as a preview. */
export function MappingStep(props: MappingStepProps) {
  const { parsed, mapping, mappingError, checkError, checking, busy, onChange, onCheck } = props;
  const { t } = useTranslation('lead-import');
  const fieldOptions = [
    { value: '', label: t('ignore') },
    ...LEAD_FIELDS.map((field) => ({ value: field, label: t(`fields.${field}`) })),
  ];

  return (
    <section className={layout.section} aria-labelledby="lead-import-mapping">
      <h2 id="lead-import-mapping">{t('mappingHeading')}</h2>
      <p className={layout.muted}>{t('mappingHint')}</p>
      <div className={styles.mapping}>
        {parsed.headers.map((header, index) => (
          <NativeSelect
            key={index}
            label={t('columnField', { column: header || `#${index + 1}` })}
            options={fieldOptions}
            value={mapping[index] ?? ''}
            disabled={busy}
            onChange={(event) => onChange(index, oneOf(FIELD_CHOICES, event.currentTarget.value))}
          />
        ))}
      </div>
      <div className={styles.scroll}>
        <table className={styles.preview}>
          <caption>{t('previewCaption', { count: Math.min(PREVIEW_ROWS, parsed.rows.length) })}</caption>
          <thead>
            <tr>
              {parsed.headers.map((header, index) => (
                <th key={index} scope="col">
                  {header}
                  <br />
                  <small>{mapping[index] ? t(`fields.${mapping[index]}`) : t('ignore')}</small>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {parsed.rows.slice(0, PREVIEW_ROWS).map((values, rowIndex) => (
              <tr key={rowIndex}>
                {parsed.headers.map((_, index) => (
                  <td key={index}>{values[index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {mappingError ? <FormStatus tone="error">{mappingError}</FormStatus> : null}
      <FormStatus error={checkError} />
      <div className={layout.actions}>
        <Button onClick={onCheck} loading={checking} disabled={busy}>
          {t('check')}
        </Button>
      </div>
    </section>
  );
}
