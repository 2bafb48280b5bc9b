import type { PageContext } from '@/popup-snippet/rules/targeting';
import type { Signals } from '@/popup-snippet/rules/triggers';
import type { Popup, SiteConfig, Variant } from '@/popup-snippet/rules/types';
import { newVisitor, type VisitorState } from '@/popup-snippet/rules/visitor';

/** Noon on a Saturday in Oslo (UTC+1 in November). */
export const NOON = Date.parse('2026-11-28T11:00:00Z');

export const variant = (id: string, weight: number): Variant => ({
  id,
  label: id.toUpperCase(),
  weight,
  heading: 'Få 10 % på første service',
  text: 'Meld deg på nyhetsbrevet vårt.',
  image: null,
  field: 'email',
  form_id: null,
  button: 'Send meg rabattkoden',
  success_heading: 'Takk!',
  success_text: 'Rabattkoden din:',
  has_discount_code: true,
});

export const popup = (change: Partial<Popup> = {}): Popup => ({
  id: 'p1',
  type: 'modal',
  priority: 10,
  triggers: [],
  targeting: {},
  frequency: {},
  variants: [variant('a', 100)],
  design: { accent: '#0b5cad', background: '#ffffff', text: '#1a1a1a', radius: 12 },
  consent_text: 'Jeg godtar vilkårene.',
  marketing_consent_text: '',
  ...change,
});

export const config = (popups: Popup[], caps = { max_per_session: 1, max_per_day: 2 }): SiteConfig => ({
  site: { id: 's1', domain: 'fjordror.no', ...caps },
  popups,
});

export const page = (change: Partial<PageContext> = {}): PageContext => ({
  path: '/',
  device: 'desktop',
  referrer: '',
  utm: {},
  returning: false,
  now: NOON,
  ...change,
});

export const signals = (change: Partial<Signals> = {}): Signals => ({
  elapsedMs: 0,
  scrollPercent: 0,
  exitIntent: false,
  idleMs: 0,
  clicked: new Set(),
  pageViews: 1,
  sessions: 1,
  ...change,
});

/** A visitor on their first page view at NOON. */
export const visitor = (change: Partial<VisitorState> = {}): VisitorState => ({
  ...newVisitor('v1'),
  page_views: 1,
  sessions: 1,
  last_seen: NOON,
  ...change,
});

/** An in-memory Web Storage. */
export function fakeStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    key: (index: number) => [...data.keys()][index] ?? null,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
  };
}
