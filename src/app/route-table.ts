import type { HostKind } from '@/lib/host';
import { type PublicRoute, publicRoutes } from './public-routes';
import type { RouteMeta } from './route-meta';
import type { ScreenName } from './screens';

/** A screen: its path, its metadata and its lazily loaded module (default export = the page). */
export interface RouteDefinition {
  path: string;
  meta: RouteMeta;
  load: () => Promise<{ default: React.ComponentType }>;
  /** i18n namespaces loaded with the module, so the screen never suspends on its strings. */
  namespaces?: string[];
}

/**
 * The screens' modules are named in a lazy module of their own (screens.ts), not here: each
 * `import()` written in this file brings its list of files to preload into the start-up bundle,
 * which the sign-in page loads. The sign-in screen is the exception, imported directly (its files
 * are asked for by index.html; vite/sign-in-path.ts).
 */
export const loadScreens = () => import('./screens');
/** A screen's loader; it carries the screen's name for the tools that read the table (scripts/budget.mjs). */
const screen = (name: ScreenName): RouteDefinition['load'] & { screenName: ScreenName } =>
  Object.assign(() => loadScreens().then(({ screens }) => screens[name]()), { screenName: name });

const dashboard = {
  requiresAuth: true,
  requiresOrganization: true,
  requiresProfile: true,
  organizationView: true,
};

// The lead marketplace of the current host (guarded by: auth, profile, marketplace, marketplace payment;
// the marketplace rules need the organization, so it is required too).
const hostMarketplace: Omit<RouteDefinition, 'path'> = {
  meta: {
    name: 'leads-marketplace',
    ...dashboard,
    requiresMarketplace: true,
    requiresMarketplacePayment: true,
  },
  load: screen('marketplace/marketplace'),
  namespaces: ['marketplace'],
};

const competitionList: Omit<RouteDefinition, 'path'> = {
  meta: { name: 'fyllopp', ...dashboard },
  load: screen('competitions/competition-list'),
  namespaces: ['competitions', 'campaign-errors', 'competition-errors'],
};

/**
 * Competition routes that the competition host also serves at its root. The public group routes are
 * the registry's (`hostPath`, below).
 */
const competitionRootable = (prefix: string): RouteDefinition[] => [
  {
    path: `${prefix}/:id/preview`,
    meta: { name: 'fyllopp-preview', ...dashboard },
    load: screen('competitions/preview'),
  },
  {
    path: `${prefix}/:id/edit`,
    meta: { name: 'fyllopp-edit', ...dashboard },
    load: screen('competitions/edit'),
    // The media picker's strings, so opening it never suspends the editor.
    namespaces: ['competitions', 'campaign-errors', 'competition-errors', 'media'],
  },
];

const commonRoutes: RouteDefinition[] = [
  // Onboarding and authentication
  {
    path: '/bli-partner',
    meta: { name: 'onboarding-marketplace-join', layout: 'bare' },
    load: screen('onboarding/marketplace-join'),
    namespaces: ['onboarding'],
  },
  {
    path: '/onboarding/organization/create',
    meta: { name: 'onboarding-organization-create', requiresAuth: true, requiresProfile: true },
    load: screen('onboarding/organization-create'),
    namespaces: ['onboarding'],
  },
  {
    path: '/onboarding/marketplace/plans',
    meta: {
      name: 'onboarding-marketplace-plans',
      requiresAuth: true,
      requiresProfile: true,
      requiresOrganization: true,
    },
    load: screen('onboarding/marketplace-plans'),
    namespaces: ['onboarding'],
  },
  {
    path: '/onboarding/registrer',
    meta: {
      name: 'onboarding-marketplace-register',
      requiresAuth: true,
      requiresProfile: true,
      requiresOrganization: true,
    },
    load: screen('onboarding/marketplace-register'),
    namespaces: ['onboarding'],
  },
  {
    path: '/auth',
    meta: { name: 'auth', authPage: true },
    load: () => import('@/features/auth/routes/sign-in'),
    namespaces: ['auth'],
  },
  {
    path: '/auth/management',
    meta: { name: 'auth-management', authPage: true },
    load: screen('auth/account-management'),
    namespaces: ['auth'],
  },
  {
    path: '/auth/:temporaryId',
    meta: { name: 'auth-temporary', authPage: true },
    load: screen('auth/sign-in-temporary'),
    namespaces: ['auth'],
  },
  {
    path: '/login',
    meta: { name: 'login', authPage: true },
    load: screen('auth/login'),
    namespaces: ['auth'],
  },
  {
    path: '/profile/register',
    meta: { name: 'profile-register', requiresAuth: true },
    load: screen('auth/profile-register'),
    namespaces: ['auth'],
  },
  {
    path: '/verify',
    meta: { name: 'verify', requiresAuth: true },
    load: screen('auth/verify'),
    namespaces: ['auth'],
  },
  {
    // The terms the sign-up checkbox accepts, public so they can be read first.
    path: '/vilkar',
    meta: { name: 'terms' },
    load: screen('legal/terms'),
    namespaces: ['legal'],
  },

  // Account and organization settings (reachable from the layout's menu)
  {
    path: '/profile',
    meta: { name: 'profile-settings', requiresAuth: true, requiresProfile: true, organizationView: true },
    load: screen('account/profile-settings'),
    namespaces: ['account'],
  },
  {
    path: '/organization',
    meta: { name: 'organization-settings', ...dashboard },
    load: screen('organizations/organization-settings'),
    namespaces: ['organizations'],
  },

  // Calendars
  {
    path: '/calendar/list',
    meta: { name: 'calendars', ...dashboard },
    load: screen('calendars/calendar-list'),
    namespaces: ['calendars', 'campaign-errors', 'calendar-errors'],
  },
  {
    path: '/calendar/add',
    meta: { name: 'calendar-add', ...dashboard },
    load: screen('calendars/calendar-add'),
    namespaces: ['calendars', 'campaign-errors', 'calendar-errors'],
  },
  {
    path: '/calendar/:id/preview',
    // Signed in: it shows what the members have, drafts and future doors included.
    meta: { name: 'calendar-preview', ...dashboard },
    load: screen('calendars/calendar-preview'),
    namespaces: ['calendars', 'campaign-errors', 'calendar-errors'],
  },
  {
    path: '/calendar/:id/edit',
    meta: { name: 'calendar-edit', ...dashboard },
    load: screen('calendars/calendar-edit'),
    // The media picker's strings, so opening it never suspends the editor.
    namespaces: ['calendars', 'campaign-errors', 'calendar-errors', 'media'],
  },
  // Competitions (fyllopp)
  { path: '/fyllopp/list', ...competitionList },
  ...competitionRootable('/fyllopp'),
  {
    path: '/fyllopp/add',
    meta: { name: 'fyllopp-add', ...dashboard },
    load: screen('competitions/add'),
    namespaces: ['competitions', 'campaign-errors', 'competition-errors'],
  },

  // Other areas
  {
    path: '/lifetimevalue',
    meta: { name: 'lifetime-value', ...dashboard },
    load: screen('lifetime-value/dashboard'),
    namespaces: ['lifetime-value', 'revenue-errors'],
  },
  {
    path: '/booking-solutions',
    meta: { name: 'booking-solutions', ...dashboard },
    load: screen('booking/booking-list'),
    namespaces: ['booking', 'booking-errors', 'campaign-errors'],
  },
  {
    path: '/booking-solutions/:id',
    meta: { name: 'booking-solution', ...dashboard },
    load: screen('booking/booking-dashboard'),
    namespaces: ['booking', 'booking-errors', 'campaign-errors'],
  },
  {
    path: '/meeting',
    meta: { name: 'meeting-planner', ...dashboard },
    load: screen('meetings/planner'),
    namespaces: ['meetings', 'meeting-errors'],
  },
  {
    path: '/meeting/summary/:roomId',
    meta: { name: 'meeting-summary', ...dashboard },
    load: screen('meetings/summary'),
    namespaces: ['meetings', 'meeting-errors'],
  },
  {
    path: '/meeting/:roomId',
    meta: { name: 'meeting-room', ...dashboard },
    load: screen('meetings/room'),
    namespaces: ['meetings', 'meeting-errors'],
  },
  {
    path: '/payments',
    meta: { name: 'payments', ...dashboard },
    load: screen('payments/overview'),
    namespaces: ['payments'],
  },
  {
    path: '/payments/setup',
    meta: { name: 'payments-setup', ...dashboard },
    load: screen('payments/setup'),
    namespaces: ['payments'],
  },
  {
    path: '/popups',
    meta: { name: 'popups', ...dashboard },
    load: screen('popups/popup-list'),
    namespaces: ['popups', 'popup-errors', 'campaign-errors'],
  },
  {
    path: '/popups/edit/:id',
    meta: { name: 'popup-edit', ...dashboard },
    load: screen('popups/popup-edit'),
    namespaces: ['popups', 'popups-editor', 'popup-errors', 'campaign-errors'],
  },
  {
    path: '/checkouts',
    meta: { name: 'checkouts', ...dashboard },
    load: screen('checkouts/checkout-list'),
    namespaces: ['checkouts', 'checkout-errors', 'campaign-errors'],
  },
  {
    path: '/checkouts/:checkout_id',
    meta: { name: 'checkout-analytics', ...dashboard },
    load: screen('checkouts/checkout-analytics'),
    namespaces: ['checkouts', 'checkout-errors', 'campaign-errors'],
  },
  {
    path: '/funnels',
    meta: { name: 'funnels', ...dashboard },
    load: screen('funnels/funnel-list'),
    namespaces: ['funnels', 'funnel-errors', 'campaign-errors'],
  },
  {
    path: '/funnels/edit/:funnel_id',
    meta: { name: 'funnel-edit', ...dashboard },
    load: screen('funnels/funnel-edit'),
    namespaces: ['funnels', 'funnel-errors', 'campaign-errors', 'media'],
  },
  {
    path: '/media',
    meta: { name: 'media', ...dashboard },
    load: screen('media/media-library'),
    namespaces: ['media'],
  },
  {
    path: '/forms',
    meta: { name: 'forms', ...dashboard },
    load: screen('forms/form-list'),
    namespaces: ['forms', 'form-errors', 'campaign-errors'],
  },
  {
    path: '/forms/:formId/edit',
    meta: { name: 'form-edit', ...dashboard },
    load: screen('forms/form-edit'),
    namespaces: ['forms', 'forms-results', 'form-errors', 'campaign-errors'],
  },

  // Lead marketplace
  {
    path: '/leads',
    meta: { name: 'leads', ...dashboard },
    load: screen('leads/lead-list'),
    namespaces: ['leads'],
  },
  {
    path: '/leads/marketplace/onboarding',
    meta: { name: 'leads-marketplace-onboarding', ...dashboard },
    load: screen('onboarding/marketplace-onboarding'),
    namespaces: ['onboarding'],
  },
  {
    path: '/leads/marketplace/:leadsMarketplaceId',
    meta: {
      name: 'leads-marketplace-other',
      ...dashboard,
      requiresMarketplace: true,
      requiresMarketplacePayment: true,
    },
    load: screen('marketplace/marketplace-other'),
    namespaces: ['marketplace'],
  },
  {
    // The marketplace owner's view (members, listings, sales, hosts); the page refuses non-owners.
    // A marketplace is owned by a user (marketplaces.owner_id), who need not be in any organization.
    path: '/leads/marketplace/:leadsMarketplaceId/admin',
    meta: {
      name: 'leads-marketplace-admin',
      requiresAuth: true,
      requiresProfile: true,
      organizationView: true,
    },
    load: screen('marketplace/marketplace-admin'),
    namespaces: ['marketplace'],
  },
  {
    path: '/leads/settings',
    meta: { name: 'leads-marketplace-settings', ...dashboard },
    load: screen('leads/settings'),
    namespaces: ['leads'],
  },
  {
    path: '/leads/importer',
    meta: { name: 'leads-importer', ...dashboard },
    load: screen('lead-import/importer'),
    namespaces: ['lead-import'],
  },
  {
    path: '/leads/lead/:leadId',
    meta: { name: 'lead-info', ...dashboard },
    load: screen('leads/lead-info'),
    namespaces: ['leads'],
  },
];

/**
 * The public entry's pages (src/app/public-routes.ts) as routes of this router too, so in-app links
 * reach them; a page load of their paths starts the public entry instead.
 */
const publicPages = (registry: readonly PublicRoute[], hostKind: HostKind): RouteDefinition[] =>
  registry.flatMap(({ inApp, path, competitionHostPath, name, layout, load }) => {
    if (inApp === false) return [];
    // The competition's group routes keep an access token in the URL (guard rule 1), on both paths.
    const meta: RouteMeta = {
      name,
      ...(layout ? { layout } : {}),
      ...(competitionHostPath ? { competitionGroup: true } : {}),
    };
    const atRoot =
      hostKind === 'competition' && competitionHostPath ? [{ path: competitionHostPath, meta, load }] : [];
    return [...atRoot, { path, meta, load }];
  });

const notFound: RouteDefinition = {
  path: '*',
  meta: { name: 'not-found' },
  load: screen('not-found'),
};

/** Every screen for a host. The competition host puts the fyllopp area at its root. */
export function routesFor(
  hostKind: HostKind,
  registry: readonly PublicRoute[] = publicRoutes,
): RouteDefinition[] {
  const hostSpecific: RouteDefinition[] =
    hostKind === 'competition'
      ? [
          { path: '/', ...competitionList },
          { path: '/list', ...competitionList },
          ...competitionRootable(''),
          { path: '/marketplace/own', ...hostMarketplace },
        ]
      : [{ path: '/', ...hostMarketplace }];
  return [...hostSpecific, ...commonRoutes, ...publicPages(registry, hostKind), notFound];
}
