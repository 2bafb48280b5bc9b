import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FilterBar } from '@/components/filter-bar';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import page from '@/components/page.module.css';
import { mediaListQueryOptions } from '@/lib/media/api/get-media-list';
import { useResumeVideoProcessing } from '@/lib/media/api/process-videos';
import type { MediaListFilter, MediaTypeFilter, MediaAccept, MediaRow } from '@/lib/media/types';
import { MediaGrid, MediaGridPlaceholder } from './media-grid';
import { SegmentedChoice } from './segmented-choice';

const TYPE_FILTERS: readonly MediaTypeFilter[] = ['all', 'image', 'video'];

type MediaBrowserProps = {
  organizationId: string;
  filter: MediaListFilter;
  onFilterChange: (filter: MediaListFilter) => void;
  /** The picker for images only shows no type choice. */
  accept?: MediaAccept;
  onOpen: (row: MediaRow) => void;
  selectedId?: string | null;
  /** Shown when the organization has no media at all (not when a search finds none). */
  empty?: ReactNode;
};

/**
 * Search, type filter and the grid, a page at a time: the library screen's and the picker's view.
 * On a phone the type filter folds behind «Filtrer», as every list's filters do.
 */
export function MediaBrowser({
  organizationId,
  filter,
  onFilterChange,
  accept = 'any',
  onOpen,
  selectedId,
  empty,
}: MediaBrowserProps) {
  const { t } = useTranslation('media');
  const effective: MediaListFilter = { type: accept === 'any' ? filter.type : accept, search: filter.search };
  const search = useDeferredValue(effective.search);
  const list = useInfiniteQuery(mediaListQueryOptions(organizationId, { type: effective.type, search }));
  const rows = list.data?.pages.flat() ?? [];
  useResumeVideoProcessing(rows);
  const filtered = effective.type !== 'all' || search.trim() !== '';
  const searchField = (
    <Input
      type="search"
      label={t('search')}
      hideLabel
      placeholder={t('search')}
      value={filter.search}
      onChange={(event) => onFilterChange({ ...filter, search: event.target.value })}
    />
  );

  return (
    <div className={page.form}>
      {accept === 'any' ? (
        <FilterBar
          toggleLabel={t('filter.toggle')}
          activeCount={effective.type === 'all' ? 0 : 1}
          search={searchField}
        >
          <SegmentedChoice
            legend={t('filter.label')}
            hideLegend
            options={TYPE_FILTERS.map((type) => ({ value: type, label: t(`filter.${type}`) }))}
            value={effective.type}
            onChange={(type) => onFilterChange({ ...filter, type })}
          />
        </FilterBar>
      ) : (
        searchField
      )}
      {list.isPending ? (
        <>
          <p className="visually-hidden" role="status">
            {t('loading')}
          </p>
          <MediaGridPlaceholder />
        </>
      ) : list.isError ? (
        <FormStatus error={list.error} />
      ) : rows.length === 0 ? (
        filtered || !empty ? (
          <p className={page.muted} role="status">
            {t('noMatches')}
          </p>
        ) : (
          empty
        )
      ) : (
        <MediaGrid rows={rows} onOpen={onOpen} selectedId={selectedId} />
      )}
      {list.hasNextPage ? (
        <div className={page.actions}>
          <Button
            variant="secondary"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
