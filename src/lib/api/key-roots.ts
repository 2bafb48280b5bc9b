/**
 * The first element of every query key in the app, one per owner. A feature's `api/keys.ts`
 * builds its keys on its own root from this list, so two features can never share a root by
 * accident, and invalidating one feature's root never touches another's cache.
 */
export const keyRoots = {
  /** The account facts the guard chain reads (src/lib/account). */
  account: ['account'],
  accountSettings: ['account-settings'],
  assistant: ['assistant'],
  auth: ['auth'],
  balance: ['balance'],
  /** The signed-in calendar screens (list, editor, draws, statistics). */
  calendars: ['calendars'],
  leadImport: ['lead-import'],
  leads: ['leads'],
  /** The areas and categories listings are held to (src/lib/listings/lists.ts). */
  listingLists: ['listing-lists'],
  marketplace: ['marketplace'],
  marketplaceHost: ['marketplace-host'],
  /** The organization's media library (src/lib/media): the screen and the picker share it. */
  media: ['media'],
  onboarding: ['onboarding'],
  organizations: ['organizations'],
  /** The payments feature: the overview and the setup page share its entries (the saved card). */
  payments: ['payments'],
  receiptEmails: ['receipt-emails'],
} as const satisfies Record<string, readonly [string]>;

export type KeyRoot = keyof typeof keyRoots;
