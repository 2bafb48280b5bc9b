import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { Skeleton } from '@/components/skeleton';
import styles from '@/components/table.module.css';

export type SortDirection = 'ascending' | 'descending';
export type TableSort = { key: string; direction: SortDirection };

export type TableColumn<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** 'end' for numbers and money, so digits line up. */
  align?: 'start' | 'center' | 'end';
  /** Makes the header a sort button; the table sorts its rows with it. */
  compare?: (a: T, b: T) => number;
  /** A sort button without compare, for rows the server sorts (listen to onSortChange). */
  sortable?: boolean;
  /**
   * How much the column matters when the table is narrow: 'secondary' columns hide when the table
   * is under 48rem wide, 'optional' ones under 64rem (the table's own width, not the window's).
   * Leave out for columns that must always show; hide only what the row's own page also shows.
   */
  priority?: 'secondary' | 'optional';
  /**
   * The column's place when the table is under 40rem wide and its rows become cards: 'title' heads
   * the card (the name, usually the link to the row's page), 'status' sits beside it, 'meta' is a
   * labelled line (date, price), 'action' is the row's main action at the foot, 'hidden' leaves the
   * card. A table becomes cards only when at least one column sets this; then a column that leaves
   * it out is 'hidden' if it has a priority, 'meta' otherwise.
   */
  card?: TableCardRole;
  /** The label of the column's lines on a card when the header is not plain text. */
  cardLabel?: string;
};

export type TableCardRole = 'title' | 'status' | 'meta' | 'action' | 'hidden';

const cardRoleOf = (column: TableColumn<unknown>): TableCardRole =>
  column.card ?? (column.priority ? 'hidden' : 'meta');

export type TableProps<T> = {
  caption: string;
  /** The caption stays available to screen readers when the page heading already says it. */
  hideCaption?: boolean;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown in place of rows when there are none. */
  empty?: ReactNode;
  /**
   * While the first rows load: this many placeholder rows in the table's own shape (cells, or cards
   * when narrow), so nothing jumps when the data arrives. The table says it is busy meanwhile.
   */
  loadingRows?: number;
  /** Controlled sort; leave out to let the table keep its own. */
  sort?: TableSort | null;
  defaultSort?: TableSort | null;
  onSortChange?: (sort: TableSort) => void;
};

export function Table<T>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  empty,
  loadingRows,
  sort: sortProp,
  defaultSort = null,
  onSortChange,
}: TableProps<T>) {
  const { t } = useTranslation('components');
  const captionId = useId();
  const [ownSort, setOwnSort] = useState<TableSort | null>(defaultSort);
  const sort = sortProp === undefined ? ownSort : sortProp;

  // Rows become cards on a narrow table only when the columns say how: see TableColumn.card.
  const cards = columns.some((column) => column.card !== undefined);

  const sortedRows = useMemo(() => {
    const compare = columns.find((column) => column.key === sort?.key)?.compare;
    if (!sort || !compare) return rows;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => sign * compare(a, b));
  }, [columns, rows, sort]);

  const toggleSort = (key: string) => {
    const next: TableSort = {
      key,
      direction: sort?.key === key && sort.direction === 'ascending' ? 'descending' : 'ascending',
    };
    setOwnSort(next);
    onSortChange?.(next);
  };

  const renderCell = (column: TableColumn<T>, content: ReactNode) => {
    // A table without card roles stays a table at every width: no card markup.
    const card = cards ? cardRoleOf(column as TableColumn<unknown>) : undefined;
    // A card's line says what it is; in the table the column header says it.
    const label =
      card === 'meta'
        ? (column.cardLabel ?? (typeof column.header === 'string' ? column.header : undefined))
        : undefined;
    return (
      <td
        key={column.key}
        // The explicit role keeps the cell a cell when a narrow row is restyled into a card.
        // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role
        role="cell"
        data-align={column.align ?? 'start'}
        data-priority={column.priority}
        data-card={card}
        data-label={label}
      >
        {card === 'meta' ? <div className={styles.cardValue}>{content}</div> : content}
      </td>
    );
  };

  // The explicit roles keep the table a table for screen readers when narrow rows are restyled
  // into cards: some browsers drop a table's semantics once its rows are no longer display: table-row.
  /* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
  return (
    <div className={styles.frame} data-cards={cards || undefined}>
      {/* Focusable and labelled so keyboard users can scroll a table wider or taller than the screen
          (WCAG 2.1.1); a scroll container is the documented exception to this rule. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className={styles.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table
          className={styles.table}
          role="table"
          aria-busy={(sortedRows.length === 0 && Boolean(loadingRows)) || undefined}
        >
          <caption id={captionId} className={hideCaption ? 'visually-hidden' : styles.caption}>
            {caption}
          </caption>
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((column) => {
                const sortable = column.sortable ?? column.compare !== undefined;
                const direction = sort?.key === column.key ? sort.direction : undefined;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    role="columnheader"
                    aria-sort={direction}
                    data-align={column.align ?? 'start'}
                    data-priority={column.priority}
                    data-sortable={sortable || undefined}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => toggleSort(column.key)}
                      >
                        {column.header}
                        <span className={styles.sortIcon} aria-hidden="true">
                          {direction === 'ascending' ? (
                            <ArrowUp size={14} />
                          ) : direction === 'descending' ? (
                            <ArrowDown size={14} />
                          ) : (
                            <ArrowUpDown size={14} />
                          )}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {sortedRows.length === 0 && loadingRows ? (
              Array.from({ length: loadingRows }, (_, index) => (
                <tr key={index} role="row" aria-hidden="true" data-loading="">
                  {columns.map((column) =>
                    renderCell(column, <Skeleton width={index % 2 ? '60%' : '80%'} />),
                  )}
                </tr>
              ))
            ) : sortedRows.length === 0 ? (
              <tr role="row" data-empty="">
                <td role="cell" colSpan={columns.length}>
                  {empty ?? <EmptyState titleAs="p" title={t('tableEmpty')} />}
                </td>
              </tr>
            ) : (
              sortedRows.map((row) => (
                <tr key={rowKey(row)} role="row">
                  {columns.map((column) => renderCell(column, column.cell(row)))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
  /* eslint-enable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
}
