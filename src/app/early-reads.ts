/**
 * The first read of a public page, started by an inline script in `index.html` while the document is
 * still parsing (vite/early-reads.ts writes it). On a phone the page's code takes several round trips
 * to arrive and its largest paint waits on this read too: started here, the two travel together
 * instead of one after the other. The page takes the answer once (src/lib/public/early-read.ts).
 *
 * No imports: the build reads this module.
 */
export interface EarlyRead {
  /** The page's pathname; its first capture group is the argument's value, unless `query` names it. */
  path: RegExp;
  /** The query parameter that holds the value (`/kasse/iframe?id=…`). */
  query?: string;
  /** The public SQL function, called as the page calls it, and its one argument. */
  rpc: string;
  argument: string;
}

const UUID = '[\\da-f]{8}-[\\da-f]{4}-[\\da-f]{4}-[\\da-f]{4}-[\\da-f]{12}';

export const earlyReads: EarlyRead[] = [
  { path: new RegExp(`^/kasse/(${UUID})/?$`, 'i'), rpc: 'public_checkout', argument: 'input_checkout_id' },
  { path: /^\/kasse\/iframe\/?$/, query: 'id', rpc: 'public_checkout', argument: 'input_checkout_id' },
  { path: new RegExp(`^/booking/(${UUID})/?$`, 'i'), rpc: 'booking_public', argument: 'input_solution_id' },
  { path: /^\/booking\/iframe\/?$/, query: 'id', rpc: 'booking_public', argument: 'input_solution_id' },
];
