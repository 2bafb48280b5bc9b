import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TableColumn } from '@/components/table';

// The columns every campaign list opens and closes with (funnels, forms, popups, checkouts,
// calendars, competitions); the area gives the words and where a row leads.

/** The row's name as the link to open it, sorted the Norwegian way; the card's title on phones. */
export function nameColumn<Row extends { name: string }>(
  header: string,
  to: (row: Row) => string,
): TableColumn<Row> {
  return {
    key: 'name',
    header,
    card: 'title',
    cell: (row) => <Link to={to(row)}>{row.name}</Link>,
    compare: (a, b) => a.name.localeCompare(b.name, 'nb'),
  };
}

/** The row's status (a badge, in words), beside the title on phones. */
export function statusColumn<Row>(header: string, cell: (row: Row) => ReactNode): TableColumn<Row> {
  return { key: 'status', header, card: 'status', cell };
}

/** The row's actions (its `RowMenu`), at the foot of the card on phones. */
export function actionsColumn<Row>(header: string, cell: (row: Row) => ReactNode): TableColumn<Row> {
  return { key: 'actions', header, card: 'action', cell };
}
