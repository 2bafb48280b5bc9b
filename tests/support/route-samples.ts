import type { RouteMeta } from '@/app/route-meta';

/*
 * The product's side of the route contract, written out by hand (not derived from
 * src/app/route-table.ts): a renamed route or a lost guard flag in the app shows up in the tests that
 * read this instead of being copied along.
 */

export const A = { requiresAuth: true };
export const ORG = { requiresAuth: true, requiresOrganization: true };
export const MARKET = { requiresMarketplace: true, requiresMarketplacePayment: true };
export const PUBLIC = {};

/** Every path every host serves, with a sample URL, its name and the guard flags it has. */
export const everyHost: [url: string, name: string, flags: Partial<RouteMeta>][] = [
  ['/bli-partner', 'onboarding-marketplace-join', { ...PUBLIC, layout: 'bare' }],
  ['/onboarding/organization/create', 'onboarding-organization-create', A],
  ['/onboarding/marketplace/plans', 'onboarding-marketplace-plans', ORG],
  ['/onboarding/registrer', 'onboarding-marketplace-register', ORG],
  ['/auth', 'auth', { ...PUBLIC, authPage: true }],
  ['/auth/tmp-123', 'auth-temporary', { ...PUBLIC, authPage: true }],
  ['/auth/management?mode=resetPassword&oobCode=x', 'auth-management', { ...PUBLIC, authPage: true }],
  ['/profile/register', 'profile-register', A],
  ['/profile', 'profile-settings', { requiresAuth: true, requiresProfile: true }],
  ['/organization', 'organization-settings', { ...ORG, requiresProfile: true }],
  ['/login', 'login', { ...PUBLIC, authPage: true }],
  ['/verify', 'verify', A],
  ['/vilkar', 'terms', PUBLIC],
  ['/calendar/list', 'calendars', ORG],
  // A draft's preview shows unpublished doors: members only.
  ['/calendar/c1/preview', 'calendar-preview', ORG],
  ['/calendar/c1', 'calendar', PUBLIC],
  ['/calendar/c1/d7', 'calendar-day', PUBLIC],
  ['/calendar/iframe', 'calendar-iframe', { ...PUBLIC, layout: 'bare' }],
  ['/calendar/countdown', 'calendar-countdown', PUBLIC],
  ['/calendar/draws', 'calendar-draws', PUBLIC],
  ['/calendar/participation', 'calendar-participation', PUBLIC],
  ['/calendar/c1/edit', 'calendar-edit', ORG],
  ['/calendar/add', 'calendar-add', ORG],
  ['/fyllopp/f1/gruppe', 'fyllopp-groups', { ...PUBLIC, competitionGroup: true }],
  ['/fyllopp/f1/gruppe/t1', 'fyllopp-group', { ...PUBLIC, competitionGroup: true }],
  // A draft's preview: members only.
  ['/fyllopp/f1/preview', 'fyllopp-preview', ORG],
  ['/fyllopp/f1', 'fyllopp-intro', PUBLIC],
  ['/fyllopp/iframe', 'fyllopp-iframe', { ...PUBLIC, layout: 'bare' }],
  ['/fyllopp/countdown', 'fyllopp-countdown', PUBLIC],
  ['/fyllopp/participation', 'fyllopp-participation', PUBLIC],
  ['/fyllopp/add', 'fyllopp-add', ORG],
  ['/fyllopp/f1/edit', 'fyllopp-edit', ORG],
  ['/fyllopp/list', 'fyllopp', ORG],
  ['/lifetimevalue', 'lifetime-value', ORG],
  ['/booking-solutions', 'booking-solutions', ORG],
  ['/booking-solutions/b1', 'booking-solution', ORG],
  ['/meeting', 'meeting-planner', ORG],
  ['/meeting/r1', 'meeting-room', ORG],
  ['/meeting/summary/r1', 'meeting-summary', ORG],
  ['/payments', 'payments', ORG],
  ['/payments/setup', 'payments-setup', ORG],
  ['/popups', 'popups', ORG],
  ['/popups/edit/p1', 'popup-edit', ORG],
  ['/checkouts', 'checkouts', ORG],
  ['/checkouts/k1', 'checkout-analytics', ORG],
  ['/funnels', 'funnels', ORG],
  ['/funnels/edit/fu1', 'funnel-edit', ORG],
  ['/forms', 'forms', ORG],
  ['/forms/fo1/edit', 'form-edit', ORG],
  ['/leads', 'leads', ORG],
  ['/leads/marketplace/onboarding', 'leads-marketplace-onboarding', ORG],
  ['/leads/marketplace/m1', 'leads-marketplace-other', { ...ORG, ...MARKET }],
  ['/leads/marketplace/m1/admin', 'leads-marketplace-admin', { ...A, requiresProfile: true }],
  ['/leads/settings', 'leads-marketplace-settings', ORG],
  ['/leads/importer', 'leads-importer', ORG],
  ['/leads/lead/l1', 'lead-info', ORG],
  ['/finnes/ikke', 'not-found', PUBLIC],
];
