import {
  cursorOf,
  decodeCursor,
  encodeCursor,
  fetchLeadPage,
  LIST_SORT_KEYS,
  type LeadsClient,
  type ListFilters,
  type ListSortKey,
  type PageWanted,
} from '@/features/leads/api/fetch-lead-page';

type Row = {
  id: string;
  organization_id: string;
  name: string | null;
  company: string | null;
  status: string;
  source: string;
  created_at: string;
};

const ORG = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** 137 leads with many ties (names, companies, statuses, even timestamps) and nulls. */
const ROWS: Row[] = Array.from({ length: 137 }, (_, i) => ({
  // ids not in creation order, so the id tie-break matters
  id: uuid((i * 53) % 137),
  organization_id: ORG,
  name: i % 11 === 0 ? null : `Kunde ${i % 7}`,
  company: i % 3 === 0 ? `Firma ${i % 4}` : null,
  status: ['new', 'contacted', 'quoted', 'won', 'lost'][i % 5]!,
  source: ['import', 'form', 'manual'][i % 3]!,
  created_at: `2026-11-${String(1 + (i % 20)).padStart(2, '0')}T10:00:00.${String(i % 4).padStart(6, '0')}+00:00`,
}));

type Condition = (row: Row) => boolean;
type Request = { conditions: string[] };

/**
 * A stand-in for postgrest-js over ROWS with PostgreSQL's semantics for what the list uses: eq, gt,
 * lt, is null, not is null, order (asc → nulls last, desc → nulls first unless told), limit, range.
 */
function fakeClient(requests: Request[]): LeadsClient {
  const builder = () => {
    const where: Condition[] = [];
    const conditions: string[] = [];
    const orders: { column: keyof Row; ascending: boolean; nullsFirst: boolean }[] = [];
    let from = 0;
    let to = Infinity;
    const value = (row: Row, column: string) => row[column as keyof Row];
    const self = {
      select: () => self,
      eq(column: string, v: string) {
        conditions.push(`${column}=eq.${v}`);
        where.push((row) => value(row, column) === v);
        return self;
      },
      filter(column: string, op: string, v: string) {
        conditions.push(`${column}=${op}.${v}`);
        where.push((row) => {
          const x = value(row, column);
          if (x === null) return false;
          return op === 'gt' ? x > v : op === 'lt' ? x < v : false;
        });
        return self;
      },
      is(column: string, v: null) {
        conditions.push(`${column}=is.${String(v)}`);
        where.push((row) => value(row, column) === null);
        return self;
      },
      not(column: string, op: string, v: null) {
        conditions.push(`${column}=not.${op}.${String(v)}`);
        where.push((row) => value(row, column) !== null);
        return self;
      },
      order(column: keyof Row, options: { ascending: boolean; nullsFirst?: boolean }) {
        orders.push({
          column,
          ascending: options.ascending,
          nullsFirst: options.nullsFirst ?? !options.ascending,
        });
        return self;
      },
      limit(n: number) {
        to = n - 1;
        return self;
      },
      range(a: number, b: number) {
        from = a;
        to = b;
        return self;
      },
      then(resolve: (result: { data: Row[]; error: null }) => unknown) {
        requests.push({ conditions });
        const rows = ROWS.filter((row) => where.every((test) => test(row))).sort((a, b) => {
          for (const { column, ascending, nullsFirst } of orders) {
            const x = a[column];
            const y = b[column];
            if (x === y) continue;
            if (x === null) return nullsFirst ? -1 : 1;
            if (y === null) return nullsFirst ? 1 : -1;
            return (x < y ? -1 : 1) * (ascending ? 1 : -1);
          }
          return 0;
        });
        return Promise.resolve({ data: rows.slice(from, to + 1), error: null }).then(resolve);
      },
    };
    return self;
  };
  return { from: () => builder() } as unknown as LeadsClient;
}

const VIEW: ListFilters = {
  scope: 'own',
  q: '',
  source: '',
  status: '',
  category: '',
  area: '',
  from: '',
  to: '',
  sort: 'created_at',
  dir: 'desc',
};

/** The list's order: the sort value (nulls last either way), then id, both in the chosen direction. */
function reference(rows: Row[], sort: ListSortKey, dir: 'asc' | 'desc'): string[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const x = a[sort];
      const y = b[sort];
      if (x !== y) {
        if (x === null) return 1;
        if (y === null) return -1;
        return (x < y ? -1 : 1) * sign;
      }
      return (a.id < b.id ? -1 : 1) * sign;
    })
    .map((row) => row.id);
}

const SIZE = 10;
const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe('keyset pagination of the lead list', () => {
  for (const sort of LIST_SORT_KEYS) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`pages forward and back through every row sorted by ${sort} ${dir}`, async () => {
        const requests: Request[] = [];
        const client = fakeClient(requests);
        const filters = { ...VIEW, sort, dir };
        const expected = reference(ROWS, sort, dir);

        // «Neste» from page 1 to the end: every row once, in order.
        const pages: string[][] = [];
        let wanted: PageWanted = { kind: 'first' };
        for (;;) {
          const page = await fetchLeadPage<Row>(client, ORG, filters, wanted, SIZE);
          pages.push(ids(page.rows));
          expect(page.hasPrevious).toBe(pages.length > 1);
          const last = page.rows.at(-1);
          if (!page.hasNext || !last) break;
          // the cursor survives the URL
          const cursor = decodeCursor(encodeCursor(cursorOf(last, sort), sort, dir), sort, dir);
          expect(cursor).not.toBeNull();
          wanted = { kind: 'after', cursor: cursor! };
        }
        expect(pages.flat()).toEqual(expected);
        expect(pages).toHaveLength(Math.ceil(ROWS.length / SIZE));

        // «Forrige» from the last page back to the first: the same pages.
        for (let index = pages.length - 1; index > 0; index -= 1) {
          const firstOfPage = ROWS.find((row) => row.id === pages[index]![0])!;
          const page = await fetchLeadPage<Row>(
            client,
            ORG,
            filters,
            { kind: 'before', cursor: cursorOf(firstOfPage, sort) },
            SIZE,
          );
          expect(ids(page.rows)).toEqual(pages[index - 1]);
          expect(page.hasPrevious).toBe(index - 1 > 0);
          expect(page.hasNext).toBe(true);
        }

        // A link without a cursor pages by offset, in the same order.
        const third = await fetchLeadPage<Row>(
          client,
          ORG,
          filters,
          { kind: 'offset', offset: 2 * SIZE },
          SIZE,
        );
        expect(ids(third.rows)).toEqual(pages[2]);
        expect(third).toMatchObject({ hasNext: true, hasPrevious: true });
      });
    }
  }

  it('reads a page after a cursor as index ranges: the ties by id and the rows past the value', async () => {
    const requests: Request[] = [];
    const client = fakeClient(requests);
    const cursor = { value: 'Kunde 3', id: uuid(40) };
    await fetchLeadPage<Row>(
      client,
      ORG,
      { ...VIEW, sort: 'name', dir: 'asc' },
      { kind: 'after', cursor },
      SIZE,
    );
    expect(requests.map((request) => request.conditions)).toEqual([
      ['organization_id=eq.' + ORG, 'name=eq.Kunde 3', `id=gt.${uuid(40)}`],
      ['organization_id=eq.' + ORG, 'name=gt.Kunde 3'],
    ]);

    requests.length = 0;
    await fetchLeadPage<Row>(
      client,
      ORG,
      { ...VIEW, sort: 'company', dir: 'desc' },
      { kind: 'after', cursor: { value: null, id: uuid(7) } },
      SIZE,
    );
    // past the values: only the nulls, after the id
    expect(requests.map((request) => request.conditions)).toEqual([
      ['organization_id=eq.' + ORG, 'company=is.null', `id=lt.${uuid(7)}`],
    ]);
  });

  it('keeps the other filters on every request', async () => {
    const requests: Request[] = [];
    const client = fakeClient(requests);
    const page = await fetchLeadPage<Row>(
      client,
      ORG,
      { ...VIEW, status: 'won', sort: 'name', dir: 'desc' },
      { kind: 'first' },
      SIZE,
    );
    expect(page.rows.every((row) => row.status === 'won')).toBe(true);
    expect(requests.every((request) => request.conditions.includes('status=eq.won'))).toBe(true);
  });
});

describe('cursors in the URL', () => {
  it('round-trip values with Norwegian letters, commas and quotes, and null', () => {
    for (const value of ['Ærlig, Øyvind «Ås» "AS" (Oslo)', null]) {
      const text = encodeCursor({ value, id: uuid(1) }, 'name', 'asc');
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(text, 'name', 'asc')).toEqual({ value, id: uuid(1) });
    }
  });

  it('are ignored when made for another sort or direction, damaged, or not what the column holds', () => {
    const text = encodeCursor({ value: 'Kunde 1', id: uuid(1) }, 'name', 'asc');
    expect(decodeCursor(text, 'name', 'desc')).toBeNull();
    expect(decodeCursor(text, 'company', 'asc')).toBeNull();
    expect(decodeCursor(`${text}!`, 'name', 'asc')).toBeNull();
    expect(decodeCursor('bm90IGpzb24', 'name', 'asc')).toBeNull();
    expect(decodeCursor('', 'name', 'asc')).toBeNull();
    // created_at must be a timestamp and is never null; ids must be UUIDs
    expect(
      decodeCursor(encodeCursor({ value: 'Kunde', id: uuid(1) }, 'created_at', 'desc'), 'created_at', 'desc'),
    ).toBeNull();
    expect(
      decodeCursor(encodeCursor({ value: null, id: uuid(1) }, 'status', 'desc'), 'status', 'desc'),
    ).toBeNull();
    expect(decodeCursor(encodeCursor({ value: 'x', id: 'lead-1' }, 'name', 'asc'), 'name', 'asc')).toBeNull();
    const stamp = '2026-11-20T09:30:00.123456+00:00';
    expect(
      decodeCursor(encodeCursor({ value: stamp, id: uuid(2) }, 'created_at', 'desc'), 'created_at', 'desc'),
    ).toEqual({
      value: stamp,
      id: uuid(2),
    });
  });
});
