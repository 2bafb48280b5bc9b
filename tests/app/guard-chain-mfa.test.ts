import { describe, expect, it } from 'vitest';
import {
  evaluateGuards,
  type GuardFacts,
  type GuardRequest,
  type SessionFacts,
} from '@/app/guards/guard-chain';
import type { RouteMeta } from '@/app/route-meta';

// Rule 2b (docs/auth-onboarding.md «MFA at sign-in»): a session at aal1 whose user has a verified
// TOTP factor is not fully signed in.

const dashboard: RouteMeta = {
  name: 'leads',
  requiresAuth: true,
  requiresOrganization: true,
  requiresProfile: true,
  organizationView: true,
};
const verifyPage: RouteMeta = { name: 'verify', requiresAuth: true };
const profileRegister: RouteMeta = { name: 'profile-register', requiresAuth: true };
const authPage: RouteMeta = { name: 'auth', authPage: true };
const publicPage: RouteMeta = { name: 'calendar' };

const base: SessionFacts = {
  userId: 'u1',
  email: 'kari@example.no',
  emailConfirmed: true,
  fullName: 'Kari Nordmann',
  picture: null,
};

const settled = (session: SessionFacts): GuardFacts => ({
  session,
  hasProfile: true,
  organizations: { memberOf: ['o1'], lastSelectedId: 'o1' },
  marketplace: { marketplaceId: 'm1', isMember: true, paymentConfigured: true },
});

function request(route: RouteMeta, url: string): GuardRequest {
  const parsed = new URL(url, 'http://localhost');
  return {
    route,
    pathname: parsed.pathname,
    search: parsed.searchParams,
    params: {},
    hostKind: 'marketplace',
    accessTokenInUrl: false,
  };
}

const mfaRedirect = (remember: string) => ({ kind: 'redirect', to: '/auth', remember, rule: 'mfa' });

describe('guard rule 2b: the second factor', () => {
  it.each<[string, RouteMeta, string, Partial<SessionFacts>, object]>([
    [
      'aal1 with a factor, dashboard',
      dashboard,
      '/leads?lead=1',
      { assuranceLevel: 'aal1', hasVerifiedFactor: true },
      mfaRedirect('/leads?lead=1'),
    ],
    [
      'aal1 with a factor, /verify',
      verifyPage,
      '/verify',
      { assuranceLevel: 'aal1', hasVerifiedFactor: true },
      mfaRedirect('/verify'),
    ],
    [
      'aal1 with a factor, /profile/register',
      profileRegister,
      '/profile/register',
      { assuranceLevel: 'aal1', hasVerifiedFactor: true },
      mfaRedirect('/profile/register'),
    ],
    [
      'aal1 with a factor, unconfirmed e-mail (MFA first)',
      dashboard,
      '/leads',
      { assuranceLevel: 'aal1', hasVerifiedFactor: true, emailConfirmed: false },
      mfaRedirect('/leads'),
    ],
    [
      'aal2 with a factor',
      dashboard,
      '/leads',
      { assuranceLevel: 'aal2', hasVerifiedFactor: true },
      { kind: 'allow', organizationId: 'o1' },
    ],
    [
      'aal1 without a factor',
      dashboard,
      '/leads',
      { assuranceLevel: 'aal1', hasVerifiedFactor: false },
      { kind: 'allow', organizationId: 'o1' },
    ],
    [
      'facts without levels (older callers)',
      dashboard,
      '/leads',
      {},
      { kind: 'allow', organizationId: 'o1' },
    ],
    [
      'aal1 with a factor on /auth itself (no loop)',
      authPage,
      '/auth',
      { assuranceLevel: 'aal1', hasVerifiedFactor: true },
      { kind: 'allow', organizationId: null },
    ],
    [
      'aal1 with a factor on a public page',
      publicPage,
      '/calendar/countdown',
      { assuranceLevel: 'aal1', hasVerifiedFactor: true },
      { kind: 'allow', organizationId: null },
    ],
  ])('%s', (_name, route, url, session, expected) => {
    expect(evaluateGuards(request(route, url), settled({ ...base, ...session }))).toEqual(expected);
  });

  it('comes after the auth rule: no session still goes to sign-in with the not-signed-in notice', () => {
    expect(evaluateGuards(request(dashboard, '/leads'), { session: null })).toMatchObject({
      rule: 'auth',
      notify: 'not-signed-in',
    });
  });

  it('asks for nothing before deciding (no profile or organization loads)', () => {
    const session = { ...base, assuranceLevel: 'aal1' as const, hasVerifiedFactor: true };
    expect(evaluateGuards(request(dashboard, '/leads'), { session })).toEqual(mfaRedirect('/leads'));
  });
});
