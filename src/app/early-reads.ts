/**
 * The first read of a public page, started by an inline script in `index.html` while the document is
 * still parsing (vite/early-reads.ts writes it), with the page's code. On a phone the page's code
 * takes several round trips to arrive (the entry, then the route module, then the page it loads
 * lazily) and its largest paint waits on this read too: started here, all of them travel together
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
  /** The page's modules the entry would reach only in rounds: its route module, the page it loads. */
  modules: string[];
}

const UUID = '[\\da-f]{8}-[\\da-f]{4}-[\\da-f]{4}-[\\da-f]{4}-[\\da-f]{12}';

const checkout = {
  rpc: 'public_checkout',
  argument: 'input_checkout_id',
  modules: [
    'src/features/checkouts/routes/checkout-public.tsx',
    'src/features/checkouts/components/public/checkout-page.tsx',
  ],
};
const booking = {
  rpc: 'booking_public',
  argument: 'input_solution_id',
  modules: [
    'src/features/booking/routes/booking-public.tsx',
    'src/features/booking/components/public/booking-page.tsx',
  ],
};

export const earlyReads: EarlyRead[] = [
  { path: new RegExp(`^/kasse/(${UUID})/?$`, 'i'), ...checkout },
  { path: /^\/kasse\/iframe\/?$/, query: 'id', ...checkout },
  { path: new RegExp(`^/booking/(${UUID})/?$`, 'i'), ...booking },
  { path: /^\/booking\/iframe\/?$/, query: 'id', ...booking },
];

/** What every public page loads after the entry, whichever it is. */
export const PUBLIC_START_MODULE = 'src/app/start-public.tsx';
