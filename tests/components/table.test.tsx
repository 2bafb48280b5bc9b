import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table } from '@/components/table';
import type { TableColumn } from '@/components/table';
import { renderWithI18n } from './i18n-for-tests';

type Lead = { id: string; name: string; price: number };

const leads: Lead[] = [
  { id: '1', name: 'Berit', price: 300 },
  { id: '2', name: 'Anders', price: 1200 },
  { id: '3', name: 'Øystein', price: 50 },
];

const collator = new Intl.Collator('nb');

const columns: TableColumn<Lead>[] = [
  {
    key: 'name',
    header: 'Navn',
    cell: (lead) => lead.name,
    compare: (a, b) => collator.compare(a.name, b.name),
  },
  {
    key: 'price',
    header: 'Pris',
    cell: (lead) => `${lead.price} kr`,
    align: 'end',
    compare: (a, b) => a.price - b.price,
  },
  { key: 'id', header: 'ID', cell: (lead) => lead.id },
];

const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

/** The n-th cell of a row. */
const row = (element: Element, cell: number) => element.querySelectorAll('td')[cell];

describe('Table', () => {
  it('renders a captioned, semantic table', () => {
    renderWithI18n(<Table caption="Leads" columns={columns} rows={leads} rowKey={(lead) => lead.id} />);
    const table = screen.getByRole('table', { name: 'Leads' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Navn', 'Pris', 'ID']);
    // A sortable header shows an icon, hidden from screen readers (aria-sort says the order).
    expect(
      within(table).getAllByRole('columnheader')[0]?.querySelector('svg[aria-hidden="true"]'),
    ).not.toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('region', { name: 'Leads' })).toHaveAttribute('tabindex', '0');
    expect(firstColumn()).toEqual(['Berit', 'Anders', 'Øystein']);
  });

  it('can keep its caption for screen readers only', () => {
    renderWithI18n(
      <Table caption="Kjøpte leads" hideCaption columns={columns} rows={leads} rowKey={(l) => l.id} />,
    );
    expect(screen.getByText('Kjøpte leads')).toHaveClass('visually-hidden');
    expect(screen.getByRole('table', { name: 'Kjøpte leads' })).toBeInTheDocument();
  });

  it('shows the default empty state, or the one given', () => {
    const { unmount } = renderWithI18n(
      <Table caption="Leads" columns={columns} rows={[]} rowKey={(l) => l.id} />,
    );
    expect(screen.getByRole('cell')).toHaveTextContent('Ingenting å vise ennå.');
    expect(screen.getByRole('cell')).toHaveAttribute('colspan', '3');
    unmount();
    renderWithI18n(
      <Table
        caption="Leads"
        columns={columns}
        rows={[]}
        rowKey={(l) => l.id}
        empty={<p>Ingen leads ennå</p>}
      />,
    );
    expect(screen.getByRole('cell')).toHaveTextContent('Ingen leads ennå');
  });

  it('holds the place of its first rows while they load, busy, then shows them', () => {
    const cardColumns: TableColumn<Lead>[] = columns.map((column, index) => ({
      ...column,
      card: index === 0 ? 'title' : 'meta',
    }));
    const { rerender } = renderWithI18n(
      <Table caption="Leads" columns={cardColumns} rows={[]} rowKey={(lead) => lead.id} loadingRows={3} />,
    );
    const table = screen.getByRole('table', { name: 'Leads' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    // Placeholder rows in the table's own cells and card roles, hidden from screen readers.
    const placeholders = table.querySelectorAll('tbody tr[data-loading]');
    expect(placeholders).toHaveLength(3);
    for (const row of placeholders) {
      expect(row).toHaveAttribute('aria-hidden', 'true');
      expect(row.querySelectorAll('td')).toHaveLength(cardColumns.length);
      expect(row.querySelectorAll('[data-skeleton]')).toHaveLength(cardColumns.length);
    }
    expect(row(placeholders[0]!, 1)).toHaveAttribute('data-card', 'meta');
    expect(screen.queryByText('Ingenting å vise ennå.')).not.toBeInTheDocument();

    rerender(
      <Table caption="Leads" columns={cardColumns} rows={leads} rowKey={(lead) => lead.id} loadingRows={3} />,
    );
    expect(screen.getByRole('table', { name: 'Leads' })).not.toHaveAttribute('aria-busy');
    expect(screen.getAllByRole('row')).toHaveLength(leads.length + 1);
  });

  it('sorts by a column header button and toggles aria-sort', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Table caption="Leads" columns={columns} rows={leads} rowKey={(lead) => lead.id} />);
    const nameHeader = screen.getByRole('columnheader', { name: /Navn/ });
    const priceHeader = screen.getByRole('columnheader', { name: /Pris/ });
    expect(nameHeader).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'ID' })).queryByRole('button')).toBeNull();

    await user.click(within(nameHeader).getByRole('button', { name: 'Navn' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(firstColumn()).toEqual(['Anders', 'Berit', 'Øystein']);

    await user.click(within(nameHeader).getByRole('button', { name: 'Navn' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(firstColumn()).toEqual(['Øystein', 'Berit', 'Anders']);

    within(priceHeader).getByRole('button', { name: 'Pris' }).focus();
    await user.keyboard('{Enter}');
    expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(nameHeader).not.toHaveAttribute('aria-sort');
    expect(firstColumn()).toEqual(['Øystein', 'Berit', 'Anders']);
  });

  it('reports sort changes and leaves the order to a controlling parent', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    const serverSorted: TableColumn<Lead>[] = [
      { key: 'name', header: 'Navn', cell: (l) => l.name, sortable: true },
    ];
    renderWithI18n(
      <Table
        caption="Leads"
        columns={serverSorted}
        rows={leads}
        rowKey={(l) => l.id}
        sort={{ key: 'name', direction: 'descending' }}
        onSortChange={onSortChange}
      />,
    );
    const header = screen.getByRole('columnheader', { name: /Navn/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header).getByRole('button'));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'name', direction: 'ascending' });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(firstColumn()).toEqual(['Berit', 'Anders', 'Øystein']);
  });

  it('marks the header and every cell of a column with its priority, for the narrow-table rules', () => {
    renderWithI18n(
      <Table
        caption="Leads"
        columns={[columns[0]!, { ...columns[2]!, priority: 'optional' }]}
        rows={leads}
        rowKey={(lead) => lead.id}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'ID' })).toHaveAttribute('data-priority', 'optional');
    expect(screen.getByRole('columnheader', { name: /Navn/ })).not.toHaveAttribute('data-priority');
    const idCells = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]);
    for (const cell of idCells) expect(cell).toHaveAttribute('data-priority', 'optional');
  });

  describe('card mode (rows become cards when the table is narrow)', () => {
    type Payment = { id: string; what: string; status: string; date: string; amount: string; note: string };
    const payments: Payment[] = [
      { id: 'p1', what: 'Klippekort', status: 'Betalt', date: '01.12.2026', amount: '499 kr', note: 'Kort' },
    ];
    const cardColumns: TableColumn<Payment>[] = [
      { key: 'what', header: 'Hva', cell: (p) => <a href={`/p/${p.id}`}>{p.what}</a>, card: 'title' },
      { key: 'status', header: 'Status', cell: (p) => p.status, card: 'status' },
      { key: 'date', header: 'Dato', cell: (p) => p.date, priority: 'secondary', card: 'meta' },
      { key: 'amount', header: <span>Beløp</span>, cardLabel: 'Beløp', cell: (p) => p.amount },
      { key: 'note', header: 'Notat', cell: (p) => p.note, priority: 'optional' },
      {
        key: 'receipt',
        header: 'Kvittering',
        cell: () => <button type="button">Kvittering</button>,
        card: 'action',
      },
    ];
    const cellsOf = () => {
      const row = screen.getAllByRole('row')[1];
      if (!row) throw new Error('no row');
      return Object.fromEntries(
        within(row)
          .getAllByRole('cell')
          .map((cell, index) => [cardColumns[index]!.key, cell]),
      );
    };

    it('gives every cell its column’s place on the card; unset: meta, or hidden for a prioritized column', () => {
      renderWithI18n(
        <Table caption="Betalinger" columns={cardColumns} rows={payments} rowKey={(p) => p.id} />,
      );
      const cells = cellsOf();
      expect(cells.what).toHaveAttribute('data-card', 'title');
      expect(cells.status).toHaveAttribute('data-card', 'status');
      // The card shows the date although narrow tables leave the column out.
      expect(cells.date).toHaveAttribute('data-card', 'meta');
      expect(cells.date).toHaveAttribute('data-priority', 'secondary');
      expect(cells.amount).toHaveAttribute('data-card', 'meta');
      expect(cells.note).toHaveAttribute('data-card', 'hidden');
      expect(cells.receipt).toHaveAttribute('data-card', 'action');
    });

    it('becomes cards only when its columns declare their places', () => {
      const { container, unmount } = renderWithI18n(
        <Table caption="Betalinger" columns={cardColumns} rows={payments} rowKey={(p) => p.id} />,
      );
      expect(container.firstElementChild).toHaveAttribute('data-cards', 'true');
      unmount();
      const plain = renderWithI18n(
        <Table caption="Leads" columns={columns} rows={leads} rowKey={(l) => l.id} />,
      );
      expect(plain.container.firstElementChild).not.toHaveAttribute('data-cards');
    });

    it('labels a card’s lines with the column header, without adding to what a screen reader reads', () => {
      renderWithI18n(
        <Table caption="Betalinger" columns={cardColumns} rows={payments} rowKey={(p) => p.id} />,
      );
      const cells = cellsOf();
      expect(cells.date).toHaveAttribute('data-label', 'Dato');
      // A header that is not plain text labels the line with cardLabel.
      expect(cells.amount).toHaveAttribute('data-label', 'Beløp');
      // Title, status and action carry no label; their content says what they are.
      expect(cells.what).not.toHaveAttribute('data-label');
      expect(cells.receipt).not.toHaveAttribute('data-label');
      // The label is generated content, not text: the cell's text is its value alone.
      expect(cells.date).toHaveTextContent(/^01\.12\.2026$/);
      expect(cells.amount).toHaveTextContent(/^499 kr$/);
    });

    it('keeps explicit table roles, so restyled rows stay a table with headers for screen readers', () => {
      renderWithI18n(
        <Table caption="Betalinger" columns={cardColumns} rows={payments} rowKey={(p) => p.id} />,
      );
      const table = screen.getByRole('table', { name: 'Betalinger' });
      expect(table).toHaveAttribute('role', 'table');
      for (const group of table.querySelectorAll('thead, tbody'))
        expect(group).toHaveAttribute('role', 'rowgroup');
      for (const row of table.querySelectorAll('tr')) expect(row).toHaveAttribute('role', 'row');
      for (const header of table.querySelectorAll('th'))
        expect(header).toHaveAttribute('role', 'columnheader');
      for (const cell of table.querySelectorAll('td')) expect(cell).toHaveAttribute('role', 'cell');
      expect(within(table).getByRole('link', { name: 'Klippekort' })).toBeInTheDocument();
      expect(within(table).getByRole('button', { name: 'Kvittering' })).toBeInTheDocument();
    });

    it('marks sortable headers, which stay as sort buttons above the cards', () => {
      renderWithI18n(<Table caption="Leads" columns={columns} rows={leads} rowKey={(lead) => lead.id} />);
      expect(screen.getByRole('columnheader', { name: /Navn/ })).toHaveAttribute('data-sortable', 'true');
      expect(screen.getByRole('columnheader', { name: 'ID' })).not.toHaveAttribute('data-sortable');
    });
  });
});
