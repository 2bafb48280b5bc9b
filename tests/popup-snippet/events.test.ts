import { eventQueue, type PopupEvent } from '@/popup-snippet/events';

const event = (type: PopupEvent['type'], index = 0): PopupEvent => ({
  popup_id: `p${index}`,
  variant_id: 'v',
  type,
  page: '/',
  device: 'desktop',
  source: '',
});

describe('the event queue', () => {
  it('holds views and closes until the page is left, then sends them with keepalive, 20 a call', () => {
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const add = eventQueue('site-key');
    for (let index = 0; index < 25; index += 1) add(event(index % 2 ? 'close' : 'view', index));
    expect(fetch).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url as string).toMatch(/\/rest\/v1\/rpc\/record_popup_events$/);
    expect(init?.keepalive).toBe(true);
    const body = JSON.parse(init?.body as string) as { input_site_key: string; input_events: PopupEvent[] };
    expect(body.input_site_key).toBe('site-key');
    expect(body.input_events).toHaveLength(20);
    window.dispatchEvent(new Event('pagehide'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('sends a conversion at once', () => {
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const add = eventQueue('site-key');
    add(event('view'));
    add(event('conversion'));
    expect(fetch).toHaveBeenCalledTimes(1);
    const body = JSON.parse(fetch.mock.calls[0]![1]?.body as string) as { input_events: PopupEvent[] };
    expect(body.input_events.map((one) => one.type)).toEqual(['view', 'conversion']);
  });
});
