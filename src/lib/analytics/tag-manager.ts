import { useSyncExternalStore } from 'react';

/**
 * Google Tag Manager with consent mode v2. Nothing third-party is requested unless a container id
 * is configured AND the user said yes; until then page views are not even queued.
 */
export type Consent = 'granted' | 'denied' | 'unset';

const CONSENT_KEY = 'leadtorget.analytics-consent';
type DataLayerEntry = Record<string, unknown> | IArguments;
type AnalyticsWindow = Window & { dataLayer?: DataLayerEntry[] };

let containerId: string | undefined;
let loaded = false;
const listeners = new Set<() => void>();

export function readConsent(): Consent {
  const value = localStorage.getItem(CONSENT_KEY);
  return value === 'granted' || value === 'denied' ? value : 'unset';
}

function dataLayer(): DataLayerEntry[] {
  const target = window as AnalyticsWindow;
  target.dataLayer ??= [];
  return target.dataLayer;
}

// gtag() must push the `arguments` object itself: GTM treats arrays and arguments differently.
function gtag(..._args: unknown[]) {
  // eslint-disable-next-line prefer-rest-params
  dataLayer().push(arguments);
}

function loadContainer(id: string) {
  if (loaded) return;
  loaded = true;
  gtag('consent', 'default', {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
  });
  gtag('consent', 'update', { analytics_storage: 'granted' });
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

/** Start-up module: remembers the container and loads it only if consent was already given. */
export function startTagManager(id: string | undefined) {
  containerId = id;
  if (id && readConsent() === 'granted') loadContainer(id);
}

export function setConsent(consent: Exclude<Consent, 'unset'>) {
  localStorage.setItem(CONSENT_KEY, consent);
  if (consent === 'granted' && containerId) loadContainer(containerId);
  for (const listener of listeners) listener();
}

export function isTagManagerLoaded(): boolean {
  return loaded;
}

export function trackPageView(routeName: string, path: string) {
  if (!loaded) return;
  dataLayer().push({
    event: 'page_view',
    page_path: path,
    route_name: routeName,
    page_title: document.title,
  });
}

/** Whether to ask: only when a container is configured and the user has not answered. */
export function useConsentPending(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => Boolean(containerId) && readConsent() === 'unset',
  );
}

/** For tests: forget what start-up did. */
export function resetTagManagerForTests() {
  containerId = undefined;
  loaded = false;
  delete (window as AnalyticsWindow).dataLayer;
}
