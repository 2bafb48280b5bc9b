import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type LoadState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; code: string };

/**
 * One public read for a page (no React Query on the public entry): loads when `key` changes, keeps
 * the last data while reloading, and reports a failure by its catalogue code.
 */
export function usePublicLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loader = useRef(load);
  useLayoutEffect(() => {
    loader.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    loader.current(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const code = (error as { code?: unknown }).code;
        setState({ status: 'failed', code: typeof code === 'string' ? code : 'unknown' });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, reload };
}
