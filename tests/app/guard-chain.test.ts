import { describe, expect, it } from 'vitest';
import {
  evaluateGuards,
  type GuardDecision,
  type GuardFacts,
  type GuardRequest,
  type SessionFacts,
} from '@/app/guards/guard-chain';
import type { RouteMeta } from '@/app/route-meta';

const dashboard: RouteMeta = {
  name: 'leads',
  requiresAuth: true,
  requiresOrganization: true,
  requiresProfile: true,
  organizationView: true,
};
const hostMarketplace: RouteMeta = {
  ...dashboard,
  name: 'leads-marketplace',
  requiresMarketplace: true,
  requiresMarketplacePayment: true,
};
const otherMarketplace: RouteMeta = { ...hostMarketplace, name: 'leads-marketplace-other' };
const plansPage: RouteMeta = {
  name: 'onboarding-marketplace-plans',
  requiresAuth: true,
  requiresProfile: true,
  requiresOrganization: true,
};
const publicPage: RouteMeta = { name: 'calendar' };
const groupPage: RouteMeta = { name: 'fyllopp-groups', competitionGroup: true };
const authPage: RouteMeta = { name: 'auth', authPage: true };
const verifyPage: RouteMeta = { name: 'verify', requiresAuth: true };
const authOnly: RouteMeta = { name: 'meeting-summary', requiresAuth: true };

const user: SessionFacts = {
  userId: 'u1',
  email: 'kari@example.no',
  emailConfirmed: true,
  fullName: 'Kari Nordmann',
  picture: 'https://example.no/kari.png',
};

/** A user who passes every rule: confirmed, with a profile, an organization, membership and a plan. */
const settled: GuardFacts = {
  session: user,
  hasProfile: true,
  organizations: { memberOf: ['o1', 'o2'], lastSelectedId: 'o1' },
  marketplace: { marketplaceId: 'm1', isMember: true, paymentConfigured: true },
};

function request(route: RouteMeta, url = '/leads', overrides: Partial<GuardRequest> = {}): GuardRequest {
  const parsed = new URL(url, 'http://localhost');
  return {
    route,
    pathname: parsed.pathname,
    search: parsed.searchParams,
    params: {},
    hostKind: 'marketplace',
    accessTokenInUrl: false,
    ...overrides,
  };
}

type Case = [description: string, request: GuardRequest, facts: GuardFacts, expected: Partial<GuardDecision>];

function check(cases: Case[]) {
  it.each(cases)('%s', (_description, guardRequest, facts, expected) => {
    expect(evaluateGuards(guardRequest, facts)).toMatchObject(expected);
  });
}

describe('rule 1: access token in the URL', () => {
  check([
    [
      'competition host, outside group routes → /list',
      request(publicPage, '/fyllopp/f1', { hostKind: 'competition', accessTokenInUrl: true }),
      settled,
      { kind: 'redirect', to: '/list', rule: 'access-token' },
    ],
    [
      'competition host, dashboard route → /list',
      request(dashboard, '/leads', { hostKind: 'competition', accessTokenInUrl: true }),
      settled,
      { kind: 'redirect', to: '/list', rule: 'access-token' },
    ],
    [
      'competition host, group route → stays',
      request(groupPage, '/f1/gruppe', { hostKind: 'competition', accessTokenInUrl: true }),
      settled,
      { kind: 'allow' },
    ],
    [
      'ordinary host → /',
      request(dashboard, '/leads', { accessTokenInUrl: true }),
      settled,
      { kind: 'redirect', to: '/', rule: 'access-token' },
    ],
    [
      'ordinary host, auth URL → /fyllopp/list',
      request(authPage, '/auth', { accessTokenInUrl: true }),
      settled,
      { kind: 'redirect', to: '/fyllopp/list', rule: 'access-token' },
    ],
    ['no token → no redirect', request(publicPage, '/calendar/c1'), settled, { kind: 'allow' }],
  ]);
});

describe('rule 2: sign-in', () => {
  check([
    [
      'anonymous on an auth route → /auth, remembering the target with its query',
      request(dashboard, '/leads/lead/l1?tab=history'),
      { session: null },
      {
        kind: 'redirect',
        to: '/auth',
        remember: '/leads/lead/l1?tab=history',
        notify: 'not-signed-in',
        rule: 'auth',
      },
    ],
    [
      'anonymous on the marketplace root → /auth without the notification',
      request(hostMarketplace, '/'),
      { session: null },
      { kind: 'redirect', to: '/auth', remember: '/', notify: undefined, rule: 'auth' },
    ],
    [
      'anonymous on a public route → allowed',
      request(publicPage, '/calendar/c1'),
      { session: null },
      { kind: 'allow' },
    ],
    [
      'anonymous on the sign-in page → allowed',
      request(authPage, '/auth'),
      { session: null },
      { kind: 'allow' },
    ],
  ]);
});

describe('rule 3: e-mail verified', () => {
  const unconfirmed: GuardFacts = { ...settled, session: { ...user, emailConfirmed: false } };
  check([
    [
      'unconfirmed e-mail on an auth route → /verify',
      request(authOnly, '/meeting/summary/r1'),
      unconfirmed,
      { kind: 'redirect', to: '/verify', rule: 'email-verified' },
    ],
    [
      'unconfirmed e-mail on a dashboard route → /verify',
      request(dashboard),
      unconfirmed,
      { kind: 'redirect', to: '/verify', rule: 'email-verified' },
    ],
    [
      'unconfirmed e-mail on /verify itself → allowed',
      request(verifyPage, '/verify'),
      unconfirmed,
      { kind: 'allow' },
    ],
    [
      'unconfirmed e-mail on a public route → allowed',
      request(publicPage, '/calendar/c1'),
      unconfirmed,
      { kind: 'allow' },
    ],
    [
      'a phone-only user has no e-mail to confirm',
      request(authOnly, '/meeting/summary/r1'),
      { ...settled, session: { ...user, email: null, emailConfirmed: false } },
      { kind: 'allow' },
    ],
  ]);
});

describe('rules 3b and 4b: screens for a state the user is not in move the user on', () => {
  const registerPage: RouteMeta = { name: 'profile-register', requiresAuth: true };
  const moveOn: GuardDecision = { kind: 'redirect', to: '/', resume: true, rule: 'state-screen' };
  check([
    [
      'a confirmed user on /verify → the remembered target or home',
      request(verifyPage, '/verify'),
      settled,
      moveOn,
    ],
    [
      'a phone-only user on /verify → moves on',
      request(verifyPage, '/verify'),
      { ...settled, session: { ...user, email: null, emailConfirmed: false } },
      moveOn,
    ],
    [
      'a user with a profile on /profile/register → moves on',
      request(registerPage, '/profile/register'),
      settled,
      moveOn,
    ],
    [
      'profile not known yet on /profile/register → load it',
      request(registerPage, '/profile/register'),
      { session: user },
      { kind: 'load', fact: 'profile' },
    ],
    [
      'a user without a profile on /profile/register → allowed',
      request(registerPage, '/profile/register'),
      { ...settled, hasProfile: false },
      { kind: 'allow' },
    ],
  ]);
});

describe('rule 4: profile', () => {
  check([
    [
      'profile not known yet → load it',
      request(dashboard),
      { session: user },
      { kind: 'load', fact: 'profile' },
    ],
    [
      'no profile, provider metadata → create it from full_name and picture',
      request(dashboard),
      { ...settled, hasProfile: false },
      {
        kind: 'act',
        action: { type: 'create-profile', name: 'Kari Nordmann', img: 'https://example.no/kari.png' },
      },
    ],
    [
      'no profile, a name but no picture → create it without a picture',
      request(dashboard),
      { ...settled, hasProfile: false, session: { ...user, picture: null } },
      { kind: 'act', action: { type: 'create-profile', name: 'Kari Nordmann', img: null } },
    ],
    [
      'no profile and no usable name → /profile/register, remembering the target',
      request(dashboard, '/leads?status=new'),
      { ...settled, hasProfile: false, session: { ...user, fullName: '   ' } },
      { kind: 'redirect', to: '/profile/register', remember: '/leads?status=new', rule: 'profile' },
    ],
    [
      'a route that does not need a profile does not ask for one',
      request(authOnly, '/meeting/summary/r1'),
      { session: user },
      { kind: 'allow' },
    ],
  ]);
});

describe('organization guard and current organization', () => {
  check([
    [
      'organizations not known yet → load them',
      request(dashboard),
      { session: user, hasProfile: true },
      { kind: 'load', fact: 'organizations' },
    ],
    [
      'no organization → organization creation, remembering the target',
      request(dashboard, '/leads/importer'),
      { ...settled, organizations: { memberOf: [], lastSelectedId: null } },
      {
        kind: 'redirect',
        to: '/onboarding/organization/create',
        remember: '/leads/importer',
        rule: 'organization',
      },
    ],
    [
      'the last selected organization is current',
      request(dashboard),
      { ...settled, organizations: { memberOf: ['o1', 'o2'], lastSelectedId: 'o2' } },
      { kind: 'allow', organizationId: 'o2' },
    ],
    [
      'nothing selected yet → the first membership is stored as selected',
      request(dashboard),
      { ...settled, organizations: { memberOf: ['o1', 'o2'], lastSelectedId: null } },
      { kind: 'act', action: { type: 'select-organization', organizationId: 'o1' } },
    ],
    [
      'selected organization no longer a membership → the first is stored instead',
      request(dashboard),
      { ...settled, organizations: { memberOf: ['o2'], lastSelectedId: 'o1' } },
      { kind: 'act', action: { type: 'select-organization', organizationId: 'o2' } },
    ],
    [
      'the marketplace root needs an organization too',
      request(hostMarketplace, '/'),
      { ...settled, organizations: { memberOf: [], lastSelectedId: null } },
      { kind: 'redirect', to: '/onboarding/organization/create', remember: '/' },
    ],
  ]);
});

describe('plan preselection', () => {
  const invalid = [
    'plan=gold',
    'plan=tickets&tickets=0',
    'plan=tickets&tickets=-1',
    'plan=tickets&tickets=2.5',
  ];
  check([
    ...invalid.map((query): Case => [
      `invalid ${query} → dropped with a message, other parameters kept`,
      request(dashboard, `/leads?${query}&status=new`),
      settled,
      { kind: 'redirect', to: '/leads?status=new', notify: 'invalid-plan', rule: 'plan-invalid' },
    ]),
    [
      'tickets without a plan → rejected',
      request(dashboard, '/leads?tickets=5'),
      settled,
      { kind: 'redirect', to: '/leads', notify: 'invalid-plan' },
    ],
    [
      'tickets that are not a number → rejected',
      request(dashboard, '/leads?plan=tickets&tickets=ti'),
      settled,
      { kind: 'redirect', to: '/leads', notify: 'invalid-plan' },
    ],
    [
      'plan=tickets with tickets > 0 → plans with the preselection, remembering the target',
      request(dashboard, '/leads?plan=tickets&tickets=10'),
      settled,
      {
        kind: 'redirect',
        to: '/onboarding/marketplace/plans?plan=tickets&tickets=10',
        remember: '/leads',
        rule: 'plan-preselection',
      },
    ],
    [
      'plan=on_demand → plans with on_demand preselected',
      request(hostMarketplace, '/?plan=on_demand'),
      settled,
      { kind: 'redirect', to: '/onboarding/marketplace/plans?plan=on_demand', remember: '/' },
    ],
    [
      'on the plans page the plan stays in the query',
      request(plansPage, '/onboarding/marketplace/plans?plan=tickets&tickets=3'),
      settled,
      { kind: 'allow', organizationId: 'o1' },
    ],
    [
      'the plans page also rejects an invalid plan',
      request(plansPage, '/onboarding/marketplace/plans?plan=free'),
      settled,
      { kind: 'redirect', to: '/onboarding/marketplace/plans', notify: 'invalid-plan' },
    ],
    [
      'public routes ignore plan parameters',
      request({ name: 'onboarding-marketplace-join', layout: 'bare' }, '/bli-partner?plan=gold'),
      settled,
      { kind: 'allow' },
    ],
  ]);
});

describe('marketplace membership', () => {
  const notMember: GuardFacts = {
    ...settled,
    marketplace: { marketplaceId: 'm1', isMember: false, paymentConfigured: false },
  };
  check([
    [
      'marketplace not known yet → load it',
      request(hostMarketplace, '/'),
      { ...settled, marketplace: undefined },
      { kind: 'load', fact: 'marketplace' },
    ],
    [
      'not a member, came from the intro with a plan → join automatically',
      request(hostMarketplace, '/?plan=tickets&tickets=5'),
      notMember,
      { kind: 'act', action: { type: 'join-marketplace', marketplaceId: 'm1', organizationId: 'o1' } },
    ],
    [
      "not a member of the host's marketplace → the join page",
      request(hostMarketplace, '/'),
      notMember,
      { kind: 'redirect', to: '/bli-partner', remember: '/', rule: 'marketplace' },
    ],
    [
      'not a member of a marketplace opened from the dashboard → onboarding from=dashboard',
      request(otherMarketplace, '/leads/marketplace/m1?lead=l1&ad=a1', {
        params: { leadsMarketplaceId: 'm1' },
      }),
      notMember,
      {
        kind: 'redirect',
        to: '/leads/marketplace/onboarding?from=dashboard&marketplace=m1',
        remember: '/leads/marketplace/m1?lead=l1&ad=a1',
        rule: 'marketplace',
      },
    ],
    [
      'a host without a marketplace → the page explains it itself',
      request(hostMarketplace, '/'),
      { ...settled, marketplace: { marketplaceId: null, isMember: false, paymentConfigured: false } },
      { kind: 'allow', organizationId: 'o1' },
    ],
  ]);
});

describe('marketplace payment configuration', () => {
  const noPlan: GuardFacts = {
    ...settled,
    marketplace: { marketplaceId: 'm1', isMember: true, paymentConfigured: false },
  };
  check([
    [
      "the host's marketplace without a plan → marketplace plans",
      request(hostMarketplace, '/'),
      noPlan,
      { kind: 'redirect', to: '/onboarding/marketplace/plans', remember: '/', rule: 'marketplace-payment' },
    ],
    [
      'a marketplace opened from the dashboard without a plan → onboarding',
      request(otherMarketplace, '/leads/marketplace/m1', { params: { leadsMarketplaceId: 'm1' } }),
      noPlan,
      { kind: 'redirect', to: '/leads/marketplace/onboarding?from=dashboard&marketplace=m1' },
    ],
    [
      'member with a plan → allowed',
      request(hostMarketplace, '/'),
      settled,
      { kind: 'allow', organizationId: 'o1' },
    ],
    [
      'a marketplace route without the payment flag does not check it',
      request({ ...hostMarketplace, requiresMarketplacePayment: false }, '/'),
      noPlan,
      { kind: 'allow' },
    ],
  ]);
});

describe('order of precedence', () => {
  const everythingMissing: GuardFacts = {
    session: { ...user, emailConfirmed: false, fullName: null },
    hasProfile: false,
    organizations: { memberOf: [], lastSelectedId: null },
    marketplace: { marketplaceId: 'm1', isMember: false, paymentConfigured: false },
  };
  check([
    [
      'access token beats every later rule',
      request(hostMarketplace, '/?plan=gold', { accessTokenInUrl: true }),
      everythingMissing,
      { rule: 'access-token' },
    ],
    [
      'an anonymous visitor with a token in the URL is sent to sign in',
      request(dashboard, '/leads', { accessTokenInUrl: true }),
      { session: null },
      { rule: 'auth' },
    ],
    [
      'e-mail verification beats profile',
      request(hostMarketplace, '/'),
      everythingMissing,
      { rule: 'email-verified' },
    ],
    [
      'profile beats organization',
      request(hostMarketplace, '/'),
      { ...everythingMissing, session: { ...user, fullName: null } },
      { rule: 'profile' },
    ],
    [
      'organization beats an invalid plan',
      request(hostMarketplace, '/?plan=gold'),
      { ...everythingMissing, session: user, hasProfile: true },
      { rule: 'organization' },
    ],
    [
      'an invalid plan beats marketplace membership',
      request(hostMarketplace, '/?plan=gold'),
      { ...settled, marketplace: { marketplaceId: 'm1', isMember: false, paymentConfigured: false } },
      { rule: 'plan-invalid' },
    ],
    [
      'marketplace membership beats the payment configuration',
      request(hostMarketplace, '/'),
      { ...settled, marketplace: { marketplaceId: 'm1', isMember: false, paymentConfigured: false } },
      { rule: 'marketplace' },
    ],
    [
      'joining comes before plan preselection',
      request(hostMarketplace, '/?plan=tickets'),
      { ...settled, marketplace: { marketplaceId: 'm1', isMember: false, paymentConfigured: false } },
      { kind: 'act', action: { type: 'join-marketplace', marketplaceId: 'm1', organizationId: 'o1' } },
    ],
    [
      'plan preselection beats the payment configuration',
      request(hostMarketplace, '/?plan=tickets'),
      { ...settled, marketplace: { marketplaceId: 'm1', isMember: true, paymentConfigured: false } },
      { rule: 'plan-preselection' },
    ],
  ]);
});
