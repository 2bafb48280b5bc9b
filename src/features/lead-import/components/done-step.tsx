import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { paths } from '@/lib/paths';
import type { RejectedRow } from '../utils/validate';
import { RejectedList } from './rejected-list';

type DoneStepProps = {
  inserted: number;
  /** The check's and the server's refusals together, in file order. */
  rejected: RejectedRow[];
  headers: string[];
  onAgain: () => void;
};

/** The report after an import: how many leads came in, which rows did not, and where to go next. */
export function DoneStep({ inserted, rejected, headers, onAgain }: DoneStepProps) {
  const { t } = useTranslation('lead-import');
  return (
    <section className={layout.section} aria-labelledby="lead-import-done">
      <h2 id="lead-import-done">{t('doneHeading')}</h2>
      <FormStatus tone="success">{t('doneSummary', { inserted, rejected: rejected.length })}</FormStatus>
      <RejectedList rejected={rejected} headers={headers} />
      <div className={layout.actions}>
        <Link to={paths.leads}>{t('toLeads')}</Link>
        <Button variant="secondary" onClick={onAgain}>
          {t('again')}
        </Button>
      </div>
    </section>
  );
}
