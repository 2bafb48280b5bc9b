import { rpc } from './api';

export type PopupEvent = {
  popup_id: string;
  variant_id: string;
  type: 'view' | 'close' | 'conversion';
  page: string;
  device: string;
  source: string;
};

/** At most this many events a call (`record_popup_events` takes 20). */
const BATCH = 20;

/**
 * Views and closes wait for the page to be left (`pagehide`, or hidden: a phone may never fire
 * pagehide) and go in one `keepalive` call, which outlives the page; a conversion goes at once.
 */
export function eventQueue(siteKey: string) {
  let waiting: PopupEvent[] = [];
  const flush = () => {
    while (waiting.length) {
      const events = waiting.slice(0, BATCH);
      waiting = waiting.slice(BATCH);
      rpc('record_popup_events', { input_site_key: siteKey, input_events: events }, true).catch(
        () => undefined,
      );
    }
  };
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  return (event: PopupEvent) => {
    waiting.push(event);
    if (event.type === 'conversion') flush();
  };
}
