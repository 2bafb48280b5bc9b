/**
 * The first element of every query key in the app, one per owner. The `api/keys.ts` of a feature
 * (or of a shared domain in src/lib) builds its keys on its own root from this list, so two features can never share a root by
 * accident, and invalidating one feature's root never touches another's cache.
 */
export const keyRoots = {
  /** The account facts the guard chain reads (src/lib/account/api). */
  account: ['account'],
  accountSettings: ['account-settings'],
  assistant: ['assistant'],
  auth: ['auth'],
  /** The organization's tickets and credits (src/lib/organization-payments/api). */
  balance: ['balance'],
  /** The signed-in calendar screens (list, editor, statistics). */
  calendars: ['calendars'],
  /** The signed-in competition screens (list, editor, statistics, moderation). */
  competitions: ['competitions'],
  /** What every kind of campaign has in common: its prizes and draws (src/lib/campaign/api). */
  campaigns: ['campaigns'],
  /** The organizer's preview of a competition's public pages. */
  competitionPreview: ['competition-preview'],
  /** The signed-in form screens (list, builder). */
  forms: ['forms'],
  /** The signed-in booking solution screens (list, set-up, bookings). */
  bookingSolutions: ['booking-solutions'],
  /** The signed-in checkout screens (products, coupons, checkouts, figures and orders). */
  checkouts: ['checkouts'],
  /** The signed-in popup screens (list, sites, editor, results). */
  popups: ['popups'],
  /** The signed-in funnel screens (list, editor, figures). */
  funnels: ['funnels'],
  leadImport: ['lead-import'],
  leads: ['leads'],
  /** The lifetime value screen (reports, customers, revenue imports). */
  lifetimeValue: ['lifetime-value'],
  /** The areas and categories listings are held to (src/lib/listings/api). */
  listingLists: ['listing-lists'],
  marketplace: ['marketplace'],
  marketplaceHost: ['marketplace-host'],
  /** The organization's media library (src/lib/media/api): the screen and the picker share it. */
  media: ['media'],
  /** The signed-in meeting screens (rooms and their bookings, the planner, summaries). */
  meetings: ['meetings'],
  onboarding: ['onboarding'],
  organizations: ['organizations'],
  /** An organization's brand colours, which every campaign's design editor offers (src/lib/organization-brand/api). */
  organizationBrand: ['organization-brand'],
  /** The payments feature: the overview and the setup page share its entries (the saved card). */
  payments: ['payments'],
  /** The organization's receipt addresses (src/lib/organization-payments/api). */
  receiptEmails: ['receipt-emails'],
} as const satisfies Record<string, readonly [string]>;

export type KeyRoot = keyof typeof keyRoots;
