/** What the guard chain and the layouts know about a route (the product's guard flags plus our own). */
export interface RouteMeta {
  /** The product's route name where it has one; exposed as data-route-name. */
  name: string;
  requiresAuth?: boolean;
  requiresOrganization?: boolean;
  requiresMarketplace?: boolean;
  requiresMarketplacePayment?: boolean;
  requiresProfile?: boolean;
  /** A screen of the organization dashboard: shown in the app layout with navigation. */
  organizationView?: boolean;
  /** `bare`: no layout navigation (join page, embeddable iframes). Default: dashboard or public. */
  layout?: 'bare';
  /** Competition group routes keep an access token in the URL (guard rule 1). */
  competitionGroup?: boolean;
  /** Sign-in screens (guard rule 1 sends a token arriving here to the competition list). */
  authPage?: boolean;
}

export type LayoutKind = 'app' | 'public' | 'bare';

export function layoutOf(meta: RouteMeta): LayoutKind {
  if (meta.layout === 'bare') return 'bare';
  return meta.organizationView ? 'app' : 'public';
}
