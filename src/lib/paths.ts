/** Every URL the app links or redirects to, in one typed place, so a route is never spelled twice. */
export const paths = {
  home: '/',
  auth: '/auth',
  authTemporary: (temporaryId: string) => `/auth/${encodeURIComponent(temporaryId)}`,
  authManagement: '/auth/management',
  login: '/login',
  verify: '/verify',
  profileRegister: '/profile/register',
  /** The terms of use (the sign-up checkbox links to them). */
  terms: '/vilkar',
  profileSettings: '/profile',
  organizationSettings: '/organization',
  joinMarketplace: '/bli-partner',
  organizationCreate: '/onboarding/organization/create',
  marketplaceRegister: '/onboarding/registrer',
  marketplacePlans: (preselection?: { plan: string; tickets?: number }) => {
    if (!preselection) return '/onboarding/marketplace/plans';
    const query = new URLSearchParams({ plan: preselection.plan });
    if (preselection.tickets !== undefined) query.set('tickets', String(preselection.tickets));
    return `/onboarding/marketplace/plans?${query.toString()}`;
  },
  /** The competition list on an ordinary host. */
  competitionList: '/fyllopp/list',
  /** The competition list on the competition host. */
  competitionHostList: '/list',
  calendars: '/calendar/list',
  leads: '/leads',
  lead: (leadId: string) => `/leads/lead/${encodeURIComponent(leadId)}`,
  leadsImporter: '/leads/importer',
  leadsSettings: '/leads/settings',
  leadsMarketplace: (marketplaceId: string, listing?: { lead?: string; ad?: string }) => {
    const query = new URLSearchParams();
    if (listing?.lead) query.set('lead', listing.lead);
    if (listing?.ad) query.set('ad', listing.ad);
    const suffix = query.size ? `?${query.toString()}` : '';
    return `/leads/marketplace/${encodeURIComponent(marketplaceId)}${suffix}`;
  },
  leadsMarketplaceAdmin: (marketplaceId: string) =>
    `/leads/marketplace/${encodeURIComponent(marketplaceId)}/admin`,
  leadsMarketplaceOnboarding: (marketplaceId?: string) => {
    const query = new URLSearchParams({ from: 'dashboard' });
    if (marketplaceId) query.set('marketplace', marketplaceId);
    return `/leads/marketplace/onboarding?${query.toString()}`;
  },
  payments: '/payments',
  paymentsSetup: '/payments/setup',
  popups: '/popups',
  popupEdit: (id: string, section?: string) =>
    `/popups/edit/${encodeURIComponent(id)}${section ? `?section=${section}` : ''}`,
  checkouts: '/checkouts',
  funnels: '/funnels',
  funnelEdit: (id: string, tab?: string) =>
    `/funnels/edit/${encodeURIComponent(id)}${tab ? `?fane=${tab}` : ''}`,
  forms: '/forms',
  formEdit: (formId: string, section?: string) =>
    `/forms/${encodeURIComponent(formId)}/edit${section ? `?section=${section}` : ''}`,
  media: '/media',
  bookingSolutions: '/booking-solutions',
  meetings: '/meeting',
  lifetimeValue: '/lifetimevalue',
} as const;

/** The marketplace screen of this host: `/` on ordinary hosts, `/marketplace/own` on the competition host. */
export const hostMarketplacePath = (hostKind: 'competition' | 'marketplace') =>
  hostKind === 'competition' ? '/marketplace/own' : '/';

/**
 * A lead marketplace screen (the host's own, or one opened by id), not its admin or onboarding: the
 * menu marks «Markedsplass» for it, also while the payment guard holds the user on /payments/setup.
 */
export function isMarketplacePath(path: string, hostKind: 'competition' | 'marketplace') {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (pathname === hostMarketplacePath(hostKind)) return true;
  const match = /^\/leads\/marketplace\/([^/]+)\/?$/.exec(pathname);
  return match !== null && match[1] !== 'onboarding';
}
