/** The ledger's filters: what kind of rows, which days (Oslo time), which page. */
export const LEDGER_KINDS = ['all', 'packs', 'leads', 'refunds'] as const;
export type LedgerKindFilter = (typeof LEDGER_KINDS)[number];

export const LEDGER_PAGE_SIZE = 20;

export type LedgerFilters = { kind: LedgerKindFilter; from: string; to: string; page: number };
export const DEFAULT_LEDGER_FILTERS: LedgerFilters = { kind: 'all', from: '', to: '', page: 1 };

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** The ledger's filters from the query string (bad values fall back to the defaults). */
export function parseLedgerFilters(params: URLSearchParams): LedgerFilters {
  const kind = params.get('kind');
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return DATE_KEY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
  };
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    kind: LEDGER_KINDS.find((item) => item === kind) ?? 'all',
    from: date('from'),
    to: date('to'),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/** The query parameters the ledger owns; the page may use others (its tab). */
export const LEDGER_PARAMS = ['kind', 'from', 'to', 'page'] as const;

/** `current` with the ledger's parameters replaced by `filters`' (the others kept). */
export function withLedgerFilters(current: URLSearchParams, filters: LedgerFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of LEDGER_PARAMS) next.delete(key);
  for (const [key, value] of ledgerFiltersToParams(filters)) next.set(key, value);
  return next;
}

/** Only what differs from the defaults, so links stay short. */
export function ledgerFiltersToParams(filters: LedgerFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.kind !== 'all') params.set('kind', filters.kind);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}
