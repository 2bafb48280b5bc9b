import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { FormStatus } from './form-status';
import layout from './page.module.css';
import { Table, type TableColumn } from './table';

type ListPageProps<Row> = {
  title: string;
  intro: string;
  /** The page's main action beside the title, usually «create». */
  action: ReactNode;
  /** The list's query: rows once here, its refusal, and whether it is still on its way. */
  list: { data: readonly Row[] | undefined; error: unknown; loading: boolean };
  /** Refusals of the rows' actions, shown where the list's own would be. */
  actionError?: unknown;
  caption: string;
  columns: readonly TableColumn<Row>[];
  rowKey: (row: Row) => string;
  empty: { title: string; description: string; action: ReactNode };
  /** Dialogs the page opens. */
  children?: ReactNode;
};

type ListBodyProps<Row> = Pick<
  ListPageProps<Row>,
  'list' | 'actionError' | 'caption' | 'columns' | 'rowKey' | 'empty'
>;

/**
 * A list's refusal, then its table (skeleton rows while loading, cards on phones) or the empty state
 * with its way to start: the body of a list page, or of one tab of a page with several lists.
 */
export function ListBody<Row>({ list, actionError, caption, columns, rowKey, empty }: ListBodyProps<Row>) {
  return (
    <>
      <FormStatus error={list.error ?? actionError} />
      {list.data?.length === 0 ? (
        <EmptyState title={empty.title} description={empty.description} action={empty.action} />
      ) : list.data || list.loading ? (
        <Table
          caption={caption}
          hideCaption
          columns={columns}
          rows={list.data ?? []}
          rowKey={rowKey}
          loadingRows={list.loading ? 2 : undefined}
        />
      ) : null}
    </>
  );
}

/** An area's list page: the title with its main action, an intro, then the list (ListBody). */
export function ListPage<Row>({
  title,
  intro,
  action,
  list,
  actionError,
  caption,
  columns,
  rowKey,
  empty,
  children,
}: ListPageProps<Row>) {
  return (
    <div className={layout.page}>
      <div className={layout.header}>
        <h1>{title}</h1>
        {action}
      </div>
      <p className={layout.muted}>{intro}</p>
      <ListBody
        list={list}
        actionError={actionError}
        caption={caption}
        columns={columns}
        rowKey={rowKey}
        empty={empty}
      />
      {children}
    </div>
  );
}
