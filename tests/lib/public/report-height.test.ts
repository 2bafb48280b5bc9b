import { reportHeightToParent } from '@/lib/public/report-height';

class FakeResizeObserver {
  static last: FakeResizeObserver | undefined;
  disconnected = false;
  constructor(readonly callback: () => void) {
    FakeResizeObserver.last = this;
  }
  observed: unknown[] = [];
  observe(target: unknown) {
    this.observed.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
}

describe('reportHeightToParent', () => {
  const postMessage = vi.fn();
  let height = 640;
  let body: HTMLElement;

  beforeEach(() => {
    postMessage.mockReset();
    height = 640;
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    body = document.createElement('div');
    // jsdom lays nothing out: the body's box is what a browser would measure.
    vi.spyOn(body, 'getBoundingClientRect').mockImplementation(() => ({ height }) as DOMRect);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the content’s height at once and on every change, not twice the same', () => {
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    const stop = reportHeightToParent(body);
    expect(FakeResizeObserver.last?.observed).toEqual([body]);
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'leadtorget:height', height: 640 }, '*');
    height = 912.4;
    FakeResizeObserver.last?.callback();
    FakeResizeObserver.last?.callback();
    expect(postMessage).toHaveBeenCalledTimes(2);
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'leadtorget:height', height: 913 }, '*');
    stop();
    expect(FakeResizeObserver.last?.disconnected).toBe(true);
  });

  it('reports a shrinking page too, and lets the page be shorter than its frame', () => {
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    const stop = reportHeightToParent(body);
    expect(document.documentElement.dataset.embedded).toBe('true');
    height = 1400;
    FakeResizeObserver.last?.callback();
    height = 520;
    FakeResizeObserver.last?.callback();
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'leadtorget:height', height: 520 }, '*');
    stop();
    expect(document.documentElement.dataset.embedded).toBeUndefined();
  });

  it('does nothing outside a frame', () => {
    FakeResizeObserver.last = undefined;
    reportHeightToParent(body);
    expect(FakeResizeObserver.last).toBeUndefined();
    expect(document.documentElement.dataset.embedded).toBeUndefined();
  });
});
