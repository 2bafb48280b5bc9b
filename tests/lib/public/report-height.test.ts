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
  const element = {
    get scrollHeight() {
      return height;
    },
  } as unknown as HTMLElement;

  beforeEach(() => {
    postMessage.mockReset();
    height = 640;
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the height at once and on every change, not twice the same', () => {
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    const stop = reportHeightToParent(element);
    expect(FakeResizeObserver.last?.observed).toEqual([element]);
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'leadtorget:height', height: 640 }, '*');
    height = 912.4;
    FakeResizeObserver.last?.callback();
    FakeResizeObserver.last?.callback();
    expect(postMessage).toHaveBeenCalledTimes(2);
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'leadtorget:height', height: 913 }, '*');
    stop();
    expect(FakeResizeObserver.last?.disconnected).toBe(true);
  });

  it('does nothing outside a frame', () => {
    FakeResizeObserver.last = undefined;
    reportHeightToParent(element);
    expect(FakeResizeObserver.last).toBeUndefined();
  });
});
