import { watchPage } from '@/popup-snippet/page-signals';

/** The history methods as the page had them: each test's watcher wraps them again. */
const pushState = window.history.pushState.bind(window.history);
const replaceState = window.history.replaceState.bind(window.history);

function watch(device: 'mobile' | 'desktop' = 'desktop') {
  const changed = vi.fn();
  const routed = vi.fn();
  const read = watchPage({ device, selectors: () => ['.vis-tilbud', '[bad'], changed, routed });
  onTestFinished(() => {
    window.history.pushState = pushState;
    window.history.replaceState = replaceState;
  });
  return { read, changed, routed };
}

describe('the page signals', () => {
  it('counts a change of path or query from pushState, replaceState or popstate as a new page', () => {
    const { read, routed } = watch();
    document.body.innerHTML = '<button class="vis-tilbud"><span>Se tilbud</span></button>';
    document.querySelector('span')!.click();
    expect(read(1, 1).clicked.has('.vis-tilbud')).toBe(true);
    window.history.pushState(null, '', '/bad');
    expect(routed).toHaveBeenCalledTimes(1);
    // A new page starts its signals over.
    expect(read(2, 1).clicked.size).toBe(0);
    window.history.replaceState(null, '', '/bad');
    expect(routed).toHaveBeenCalledTimes(1);
    window.history.replaceState(null, '', '/bad?side=2');
    expect(routed).toHaveBeenCalledTimes(2);
    window.history.replaceState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(routed).toHaveBeenCalledTimes(3);
  });

  it('sees the pointer leave through the top as exit intent, not through a side', () => {
    const { read, changed } = watch();
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 300, relatedTarget: null }));
    expect(read(1, 1).exitIntent).toBe(false);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
    expect(read(1, 1).exitIntent).toBe(true);
    expect(changed).toHaveBeenCalled();
  });

  it('measures idle time from the last input', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { read } = watch();
    vi.advanceTimersByTime(31_000);
    expect(read(1, 1).idleMs).toBe(31_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(read(1, 1).idleMs).toBe(0);
    expect(read(1, 1).elapsedMs).toBe(31_000);
    vi.useRealTimers();
  });
});
