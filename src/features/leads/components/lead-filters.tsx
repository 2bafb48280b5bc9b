import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { FilterBar } from '@/components/filter-bar';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import layout from '@/components/page.module.css';
import { LEAD_SOURCES, LEAD_STATUSES } from '../constants';
import type { LeadFilters } from '../types';
import { DEFAULT_FILTERS } from '../utils/filters';
import styles from './leads.module.css';

type Draft = Pick<LeadFilters, 'q' | 'source' | 'status' | 'category' | 'area' | 'from' | 'to'>;

/** The filters in use besides the search: the count on «Filtrer (n)». */
const FOLDED_FILTERS = ['status', 'source', 'category', 'area', 'from', 'to'] as const;

/**
 * The filter form: typing changes nothing until «Bruk filtre» (Enter in any field), so every
 * request is one the user asked for; the choices then go into the query string. On a phone
 * everything but the search folds behind «Filtrer».
 */
export function LeadFiltersForm({
  filters,
  onApply,
}: {
  filters: LeadFilters;
  onApply: (next: LeadFilters) => void;
}) {
  const { t } = useTranslation('leads');
  const [draft, setDraft] = useState<Draft>({
    q: filters.q,
    source: filters.source,
    status: filters.status,
    category: filters.category,
    area: filters.area,
    from: filters.from,
    to: filters.to,
  });
  const [dateError, setDateError] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setDateError(true);
      return;
    }
    setDateError(false);
    onApply({ ...filters, ...draft, q: draft.q.trim(), page: 1 });
  }

  function reset() {
    setDateError(false);
    setDraft({ q: '', source: '', status: '', category: '', area: '', from: '', to: '' });
    onApply({ ...DEFAULT_FILTERS, scope: filters.scope, sort: filters.sort, dir: filters.dir });
  }

  const text = (key: keyof Draft) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [key]: event.target.value })),
  });

  const date = (key: 'from' | 'to') => ({
    value: draft[key],
    onChange: (value: string) => setDraft((current) => ({ ...current, [key]: value })),
  });

  return (
    <form
      className={`${layout.section} ${styles.section}`}
      onSubmit={submit}
      role="search"
      aria-label={t('list.filters')}
    >
      <FilterBar
        toggleLabel={t('list.filterToggle')}
        activeCount={FOLDED_FILTERS.filter((key) => filters[key] !== '').length}
        invalid={dateError}
        search={
          <Input label={t('list.search')} hint={t('list.searchHint')} type="search" name="q" {...text('q')} />
        }
        actions={
          <>
            <Button type="submit">{t('list.apply')}</Button>
            <Button variant="secondary" onClick={reset}>
              {t('list.reset')}
            </Button>
          </>
        }
      >
        <NativeSelect
          label={t('list.statusFilter')}
          name="status"
          options={[
            { value: '', label: t('list.any') },
            ...LEAD_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
          ]}
          {...text('status')}
        />
        <NativeSelect
          label={t('list.sourceFilter')}
          name="source"
          options={[
            { value: '', label: t('list.any') },
            ...LEAD_SOURCES.map((source) => ({ value: source, label: t(`source.${source}`) })),
          ]}
          {...text('source')}
        />
        <Input label={t('list.category')} name="category" {...text('category')} />
        <Input label={t('list.area')} name="area" {...text('area')} />
        <DateField label={t('list.from')} name="from" {...date('from')} />
        <DateField
          label={t('list.to')}
          name="to"
          error={dateError ? t('list.dateInvalid') : undefined}
          {...date('to')}
        />
      </FilterBar>
    </form>
  );
}
