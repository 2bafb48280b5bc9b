/**
 * A public page's first read, started by its route module while the page's own code still downloads
 * (render-as-you-fetch without a router): the read and the page chunk travel together instead of one
 * after the other. The page takes the read once; a later load (a retry, another id) reads afresh.
 */
const started = new Map<string, Promise<unknown>>();

export function startEarlyRead(key: string, read: () => Promise<unknown>) {
  if (started.has(key)) return;
  const pending = read();
  // Taken later, or never (the page failed to load): either way not an unhandled rejection.
  pending.catch(() => undefined);
  started.set(key, pending);
}

/** The read started for `key`, once; `undefined` when none was started or it was taken. */
export function takeEarlyRead<T>(key: string): Promise<T> | undefined {
  const pending = started.get(key);
  started.delete(key);
  return pending as Promise<T> | undefined;
}
