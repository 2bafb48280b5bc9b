import type { ReactNode } from 'react';
import { Table, type TableColumn } from '@/components/table';
import type { TextTable } from '../utils/report-tables';
import { SmallSampleMark } from './small-sample-mark';

type TextTableViewProps<Row> = {
  table: TextTable<Row>;
  rowKey: (row: Row) => string;
  empty: ReactNode;
  /** The first column's cell as a link or button, the text inside it unchanged. */
  title?: (row: Row, text: string) => ReactNode;
  /** Columns the export leaves out (a row's actions). */
  extra?: TableColumn<Row>[];
  hideCaption?: boolean;
  loadingRows?: number;
};

/**
 * A report table on the screen: each cell the same text the export writes, the small-sample column
 * as a badge. Rows keep the order the database gives (never ranked by LTV: small samples are noise).
 */
export function TextTableView<Row>({
  table,
  rowKey,
  empty,
  title,
  extra = [],
  hideCaption = true,
  loadingRows,
}: TextTableViewProps<Row>) {
  const columns: TableColumn<Row>[] = table.columns.map((column, index) => ({
    key: column.key,
    header: column.header,
    align: column.align,
    card: index === 0 ? 'title' : column.mark ? 'status' : 'meta',
    cell: (row: Row) => {
      const text = column.text(row);
      if (column.mark) return text ? <SmallSampleMark label={text} /> : null;
      return index === 0 && title ? title(row, text) : text;
    },
  }));
  return (
    <Table
      caption={table.title}
      hideCaption={hideCaption}
      columns={[...columns, ...extra]}
      rows={table.rows}
      rowKey={rowKey}
      empty={empty}
      loadingRows={loadingRows}
    />
  );
}
