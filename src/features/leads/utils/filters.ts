import { decodeCursor } from '../api/fetch-lead-page';
import { LEAD_SOURCES, LEAD_STATUSES, SORT_KEYS } from '../constants';
import type { LeadFilters } from '../types';

export const DEFAULT_FILTERS: LeadFilters = {
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
  page: 1,
  after: '',
  before: '',
};

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | '' =>
  list.find((item) => item === value) ?? '';

/** The list's view from the URL's query string; anything unknown or damaged falls back to the default. */
export function parseFilters(params: URLSearchParams): LeadFilters {
  const text = (key: string) => (params.get(key) ?? '').slice(0, 200);
  const date = (key: string) => (DATE_KEY.test(text(key)) ? text(key) : '');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const filters: LeadFilters = {
    scope: params.get('scope') === 'bought' ? 'bought' : 'own',
    q: text('q'),
    source: oneOf(LEAD_SOURCES, params.get('source')),
    status: oneOf(LEAD_STATUSES, params.get('status')),
    category: text('category'),
    area: text('area'),
    from: date('from'),
    to: date('to'),
    sort: oneOf(SORT_KEYS, params.get('sort')) || 'created_at',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
    after: '',
    before: '',
  };
  // A cursor counts only on a later page and for the sort it was made for (else: offset paging).
  if (filters.page > 1) {
    const cursor = (key: 'after' | 'before') => {
      const value = params.get(key) ?? '';
      return decodeCursor(value, filters.sort, filters.dir) ? value : '';
    };
    filters.after = cursor('after');
    filters.before = filters.after ? '' : cursor('before');
  }
  return filters;
}

const FILTER_KEYS = Object.keys(DEFAULT_FILTERS) as (keyof LeadFilters)[];

/** Only what differs from the defaults, so links stay short. */
export function filtersToParams(filters: LeadFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    // Page 1 has no cursor (a new filter, sort or tab starts there).
    if ((key === 'after' || key === 'before') && filters.page <= 1) continue;
    if (value !== DEFAULT_FILTERS[key] && value !== '') params.set(key, String(value));
  }
  return params;
}
