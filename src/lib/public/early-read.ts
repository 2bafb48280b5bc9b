/** The window property `index.html`'s script keeps its started reads in, by `earlyReadKey`. */
export const EARLY_READS_GLOBAL = '__leadtorgetEarlyReads';

export const earlyReadKey = (rpc: string, value: string) => `${rpc}:${value}`;

type StartedReads = Record<string, Promise<Response> | undefined>;

/**
 * The answer of the read `index.html`'s script started for this function and value
 * (src/app/early-reads.ts), once: a later read (a retry, another id) fetches afresh.
 */
export function takeStartedRead(rpc: string, value: string): Promise<Response> | undefined {
  const reads = (window as unknown as Record<string, StartedReads | undefined>)[EARLY_READS_GLOBAL];
  const key = earlyReadKey(rpc, value);
  const read = reads?.[key];
  if (reads) delete reads[key];
  return read;
}
