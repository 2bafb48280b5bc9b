import { act, renderHook } from '@testing-library/react';
import {
  isTagManagerLoaded,
  readConsent,
  resetTagManagerForTests,
  setConsent,
  startTagManager,
  trackPageView,
  useConsentPending,
} from '@/lib/analytics/tag-manager';

const CONSENT_KEY = 'leadtorget.analytics-consent';
const CONTAINER = 'GTM-TEST';

type AnalyticsWindow = Window & { dataLayer?: unknown[] };

const gtmScripts = () =>
  [...document.querySelectorAll('script')].filter((script) => script.src.includes('googletagmanager.com'));

const dataLayer = () => (window as AnalyticsWindow).dataLayer ?? [];

/** gtag() pushes `arguments`; turn those into arrays so they can be compared. */
const entries = () =>
  dataLayer().map((entry) =>
    entry !== null && typeof entry === 'object' && 'length' in entry && !Array.isArray(entry)
      ? Array.from(entry as ArrayLike<unknown>)
      : entry,
  );

const pageViews = () =>
  dataLayer().filter((entry) => (entry as { event?: unknown } | null)?.event === 'page_view');

beforeEach(() => {
  resetTagManagerForTests();
  for (const script of gtmScripts()) script.remove();
  document.title = 'Leads – Leadtorget';
});

afterEach(() => {
  resetTagManagerForTests();
  for (const script of gtmScripts()) script.remove();
});

describe('without a container id', () => {
  it('injects nothing, even after consent, and tracks nothing', () => {
    startTagManager(undefined);
    setConsent('granted');
    expect(gtmScripts()).toHaveLength(0);
    expect(isTagManagerLoaded()).toBe(false);

    trackPageView('leads', '/leads');
    expect(dataLayer()).toEqual([]);
  });

  it('does not ask for consent', () => {
    startTagManager(undefined);
    const { result } = renderHook(() => useConsentPending());
    expect(result.current).toBe(false);
  });
});

describe('with a container id', () => {
  it('injects nothing and asks for consent while consent is unset', () => {
    startTagManager(CONTAINER);
    expect(readConsent()).toBe('unset');
    expect(gtmScripts()).toHaveLength(0);
    expect(isTagManagerLoaded()).toBe(false);
    expect(dataLayer()).toEqual([]);

    const { result } = renderHook(() => useConsentPending());
    expect(result.current).toBe(true);

    // Page views before consent are dropped, not queued.
    trackPageView('leads', '/leads');
    expect(dataLayer()).toEqual([]);
  });

  it('loads the container exactly once after consent is granted', () => {
    startTagManager(CONTAINER);
    const { result } = renderHook(() => useConsentPending());
    expect(result.current).toBe(true);

    act(() => setConsent('granted'));

    expect(result.current).toBe(false);
    expect(readConsent()).toBe('granted');
    expect(localStorage.getItem(CONSENT_KEY)).toBe('granted');
    expect(isTagManagerLoaded()).toBe(true);

    const scripts = gtmScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toContain('googletagmanager.com/gtm.js?id=GTM-TEST');
    expect(scripts[0]?.async).toBe(true);
    expect(scripts[0]?.parentElement).toBe(document.head);

    act(() => setConsent('granted'));
    startTagManager(CONTAINER);
    expect(gtmScripts()).toHaveLength(1);
  });

  it('sets consent mode defaults (denied) before the update (analytics granted) and the GTM start', () => {
    startTagManager(CONTAINER);
    setConsent('granted');

    const [first, second, third, ...rest] = entries();
    expect(first).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
      },
    ]);
    expect(second).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    // Only analytics is granted; advertising stays denied.
    expect(JSON.stringify(second)).not.toContain('ad_');
    expect(third).toEqual({ 'gtm.start': expect.any(Number) as number, event: 'gtm.js' });
    expect(rest).toEqual([]);
  });

  it('pushes gtag commands as `arguments` objects, which GTM requires', () => {
    startTagManager(CONTAINER);
    setConsent('granted');
    const first = dataLayer()[0];
    expect(Array.isArray(first)).toBe(false);
    expect(Object.prototype.toString.call(first)).toBe('[object Arguments]');
  });

  it('tracks page views once loaded', () => {
    startTagManager(CONTAINER);
    setConsent('granted');

    trackPageView('leads', '/leads');
    trackPageView('lead-info', '/leads/lead/l1');

    expect(pageViews()).toEqual([
      { event: 'page_view', route_name: 'leads', page_path: '/leads', page_title: 'Leads – Leadtorget' },
      {
        event: 'page_view',
        route_name: 'lead-info',
        page_path: '/leads/lead/l1',
        page_title: 'Leads – Leadtorget',
      },
    ]);
  });

  it('injects nothing when consent is denied, and stops asking', () => {
    startTagManager(CONTAINER);
    const { result } = renderHook(() => useConsentPending());

    act(() => setConsent('denied'));

    expect(result.current).toBe(false);
    expect(readConsent()).toBe('denied');
    expect(gtmScripts()).toHaveLength(0);
    expect(isTagManagerLoaded()).toBe(false);
    trackPageView('leads', '/leads');
    expect(dataLayer()).toEqual([]);
  });

  it('loads at start when consent was granted earlier', () => {
    localStorage.setItem(CONSENT_KEY, 'granted');
    startTagManager(CONTAINER);

    expect(isTagManagerLoaded()).toBe(true);
    expect(gtmScripts()).toHaveLength(1);
    expect(gtmScripts()[0]?.src).toContain('googletagmanager.com/gtm.js?id=GTM-TEST');
    const { result } = renderHook(() => useConsentPending());
    expect(result.current).toBe(false);

    trackPageView('payments', '/payments');
    expect(pageViews()).toHaveLength(1);
  });

  it('does not load at start when consent was denied earlier', () => {
    localStorage.setItem(CONSENT_KEY, 'denied');
    startTagManager(CONTAINER);

    expect(isTagManagerLoaded()).toBe(false);
    expect(gtmScripts()).toHaveLength(0);
    const { result } = renderHook(() => useConsentPending());
    expect(result.current).toBe(false);
  });

  it('treats a stored value other than granted/denied as unset', () => {
    localStorage.setItem(CONSENT_KEY, 'yes');
    startTagManager(CONTAINER);
    expect(readConsent()).toBe('unset');
    expect(gtmScripts()).toHaveLength(0);
  });
});
