import { currentOrganizationOf } from '@/lib/account/current-organization-of';
import type { HostKind } from '@/lib/host';
import { paths } from '@/lib/paths';
import type { RouteMeta } from '../route-meta';
import { parsePlanQuery, withoutPlanQuery } from './plan';

/**
 * The ONE guard chain: a pure function from what we know to a decision.
 * Facts that cost a request are only asked for when a rule needs them (`load`), and side effects
 * (creating a profile, storing the current organization, joining a marketplace) are returned as
 * `act` for the runner to perform; then the chain runs again. Order of the rules:
 *   1 access token in URL → 2 auth (2b second factor) → 3 e-mail verified → 4 profile → 5 organization →
 *   6 plan query valid → 7 marketplace membership → 8 plan preselection → 9 marketplace payment.
 * Screens for a state (/verify: an unconfirmed address; /profile/register: no profile yet) send a user
 * who is not in it on to the remembered target, or home (3b, 4b).
 */

export interface SessionFacts {
  userId: string;
  email: string | null;
  emailConfirmed: boolean;
  /** The sign-in provider's metadata (Google: full_name, picture). */
  fullName: string | null;
  picture: string | null;
  /** The session's assurance level (JWT `aal`); absent counts as complete. */
  assuranceLevel?: 'aal1' | 'aal2';
  /** The user has a verified TOTP factor, so a complete sign-in is aal2. */
  hasVerifiedFactor?: boolean;
}

export interface OrganizationFacts {
  memberOf: string[];
  lastSelectedId: string | null;
}

export interface MarketplaceFacts {
  /** The marketplace the route is about; null when the host has none. */
  marketplaceId: string | null;
  isMember: boolean;
  /** A plan is chosen and can be paid for (rule 9 lets the route through). */
  paymentConfigured: boolean;
  /**
   * A plan is chosen but needs a saved card first: `on_demand` without a card, or `tickets` with
   * neither tickets left nor a card (`marketplace_payment_status`). Absent or false with
   * `paymentConfigured` false: no plan yet.
   */
  needsPaymentSetup?: boolean;
}

export interface GuardFacts {
  session: SessionFacts | null;
  /** Undefined until loaded. */
  hasProfile?: boolean;
  organizations?: OrganizationFacts;
  marketplace?: MarketplaceFacts;
}

export interface GuardRequest {
  route: RouteMeta;
  pathname: string;
  search: URLSearchParams;
  params: Record<string, string | undefined>;
  hostKind: HostKind;
  /** The page was opened with access_token in its URL (magic link / OAuth implicit return). */
  accessTokenInUrl: boolean;
}

export type FactName = 'profile' | 'organizations' | 'marketplace';

export type GuardAction =
  | { type: 'create-profile'; name: string; img: string | null }
  | { type: 'select-organization'; organizationId: string }
  | { type: 'join-marketplace'; marketplaceId: string; organizationId: string };

export type GuardDecision =
  | { kind: 'allow'; organizationId: string | null }
  | {
      kind: 'redirect';
      to: string;
      /** The URL to come back to afterwards (sign-in, organization creation, onboarding). */
      remember?: string;
      /** An error code to show as a notification. */
      notify?: 'not-signed-in' | 'invalid-plan';
      /** Go to the remembered target when there is one (and forget it); `to` is the fallback. */
      resume?: boolean;
      rule: GuardRule;
    }
  | { kind: 'load'; fact: FactName }
  | { kind: 'act'; action: GuardAction };

export type GuardRule =
  | 'access-token'
  | 'auth'
  | 'mfa'
  | 'email-verified'
  | 'state-screen'
  | 'profile'
  | 'organization'
  | 'plan-invalid'
  | 'marketplace'
  | 'plan-preselection'
  | 'marketplace-payment';

const target = (request: GuardRequest) => {
  const query = request.search.toString();
  return query ? `${request.pathname}?${query}` : request.pathname;
};

export function evaluateGuards(request: GuardRequest, facts: GuardFacts): GuardDecision {
  const { route } = request;
  const { session } = facts;

  // 1. A signed-in user arriving with a token in the URL lands on a clean entry page.
  if (session && request.accessTokenInUrl) {
    if (request.hostKind === 'competition' && !route.competitionGroup) {
      return { kind: 'redirect', to: paths.competitionHostList, rule: 'access-token' };
    }
    if (request.hostKind !== 'competition') {
      return {
        kind: 'redirect',
        to: route.authPage ? paths.competitionList : paths.home,
        rule: 'access-token',
      };
    }
  }

  // 2. Auth.
  if (route.requiresAuth && !session) {
    return {
      kind: 'redirect',
      to: paths.auth,
      remember: target(request),
      notify: request.pathname === paths.home ? undefined : 'not-signed-in',
      rule: 'auth',
    };
  }
  if (!session) return { kind: 'allow', organizationId: null };

  // 2b. A session still at aal1 while the user has a TOTP factor is not fully signed in: /auth
  //     shows the code step and then continues to the remembered target (docs/auth-onboarding.md).
  if (route.requiresAuth && session.assuranceLevel === 'aal1' && session.hasVerifiedFactor) {
    return { kind: 'redirect', to: paths.auth, remember: target(request), rule: 'mfa' };
  }

  // 3. An unconfirmed e-mail blocks auth-required routes; /verify is where they go.
  if (route.requiresAuth && route.name !== 'verify' && session.email && !session.emailConfirmed) {
    return { kind: 'redirect', to: paths.verify, rule: 'email-verified' };
  }

  // 3b. /verify is for an address waiting for confirmation: anyone else moves on.
  if (route.name === 'verify' && (session.emailConfirmed || !session.email)) {
    return { kind: 'redirect', to: paths.home, resume: true, rule: 'state-screen' };
  }

  // 4b. /profile/register is for a user without a profile: one who has it moves on.
  if (route.name === 'profile-register') {
    if (facts.hasProfile === undefined) return { kind: 'load', fact: 'profile' };
    if (facts.hasProfile) return { kind: 'redirect', to: paths.home, resume: true, rule: 'state-screen' };
  }

  // 4. Profile: made from the provider's metadata when possible, else the user registers one.
  if (route.requiresProfile) {
    if (facts.hasProfile === undefined) return { kind: 'load', fact: 'profile' };
    if (!facts.hasProfile) {
      const name = session.fullName?.trim();
      if (name) return { kind: 'act', action: { type: 'create-profile', name, img: session.picture } };
      return { kind: 'redirect', to: paths.profileRegister, remember: target(request), rule: 'profile' };
    }
  }

  const needsOrganization =
    route.requiresOrganization || route.requiresMarketplace || route.requiresMarketplacePayment;
  if (!needsOrganization) return { kind: 'allow', organizationId: null };

  // 5. Organization.
  if (!facts.organizations) return { kind: 'load', fact: 'organizations' };
  const organizationId = currentOrganizationOf(facts.organizations);
  if (!organizationId) {
    return {
      kind: 'redirect',
      to: paths.organizationCreate,
      remember: target(request),
      rule: 'organization',
    };
  }
  if (organizationId !== facts.organizations.lastSelectedId) {
    return { kind: 'act', action: { type: 'select-organization', organizationId } };
  }

  // 6. A plan in the query must be valid; an invalid one is dropped with a message.
  const plan = parsePlanQuery(request.search);
  if (plan.kind === 'invalid') {
    const rest = withoutPlanQuery(request.search).toString();
    return {
      kind: 'redirect',
      to: rest ? `${request.pathname}?${rest}` : request.pathname,
      notify: 'invalid-plan',
      rule: 'plan-invalid',
    };
  }
  const onPlansPage = route.name === 'onboarding-marketplace-plans';

  // 7. Marketplace membership. A marketplace opened by id is reached from the dashboard; the host's
  //    own marketplace is the public entry, so a stranger there gets the join page.
  const fromDashboard = Boolean(request.params.leadsMarketplaceId);
  if (route.requiresMarketplace || route.requiresMarketplacePayment) {
    if (!facts.marketplace) return { kind: 'load', fact: 'marketplace' };
    const { marketplaceId, isMember } = facts.marketplace;
    if (marketplaceId && !isMember) {
      // Came from the intro with a plan: join without asking again.
      if (plan.kind === 'valid') {
        return { kind: 'act', action: { type: 'join-marketplace', marketplaceId, organizationId } };
      }
      return {
        kind: 'redirect',
        to: fromDashboard ? paths.leadsMarketplaceOnboarding(marketplaceId) : paths.joinMarketplace,
        remember: target(request),
        rule: 'marketplace',
      };
    }
  }

  // 8. Plan preselection: a valid plan in the query goes to the plans with it chosen.
  if (plan.kind === 'valid' && !onPlansPage) {
    const rest = withoutPlanQuery(request.search).toString();
    return {
      kind: 'redirect',
      to: paths.marketplacePlans(plan.preselection),
      remember: rest ? `${request.pathname}?${rest}` : request.pathname,
      rule: 'plan-preselection',
    };
  }

  // 9. Marketplace payment configuration (the organization's plan on this marketplace): no plan →
  //    the plans (or the dashboard's onboarding); a plan that needs a card → /payments/setup.
  if (
    route.requiresMarketplacePayment &&
    facts.marketplace?.marketplaceId &&
    !facts.marketplace.paymentConfigured
  ) {
    const { marketplaceId, needsPaymentSetup } = facts.marketplace;
    if (needsPaymentSetup) {
      return {
        kind: 'redirect',
        to: paths.paymentsSetup,
        remember: target(request),
        rule: 'marketplace-payment',
      };
    }
    return {
      kind: 'redirect',
      to: fromDashboard ? paths.leadsMarketplaceOnboarding(marketplaceId) : paths.marketplacePlans(),
      remember: target(request),
      rule: 'marketplace-payment',
    };
  }

  return { kind: 'allow', organizationId };
}
