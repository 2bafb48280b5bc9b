import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evaluateGuards,
  type GuardFacts,
  type GuardRequest,
  type MarketplaceFacts,
} from '@/app/guards/guard-chain';
import { createGuardEffects } from '@/app/guards/guard-effects';
import type { RouteMeta } from '@/app/route-meta';

/*
 * Rule 9 (docs/auth-onboarding.md "Plans and payment"): no plan → the plans (or the dashboard's
 * onboarding); a plan that needs a saved card → /payments/setup; a plan that can be paid → through.
 * And the fact it reads: marketplace_payment_status in one round trip.
 */

const hostMarketplace: RouteMeta = {
  name: 'leads-marketplace',
  requiresAuth: true,
  requiresOrganization: true,
  requiresProfile: true,
  organizationView: true,
  requiresMarketplace: true,
  requiresMarketplacePayment: true,
};
const otherMarketplace: RouteMeta = { ...hostMarketplace, name: 'leads-marketplace-other' };
const leadsPage: RouteMeta = {
  ...hostMarketplace,
  name: 'leads',
  requiresMarketplace: false,
  requiresMarketplacePayment: false,
};

function facts(marketplace: MarketplaceFacts): GuardFacts {
  return {
    session: {
      userId: 'u1',
      email: 'kari@example.no',
      emailConfirmed: true,
      fullName: 'Kari',
      picture: null,
    },
    hasProfile: true,
    organizations: { memberOf: ['o1'], lastSelectedId: 'o1' },
    marketplace,
  };
}

function request(route: RouteMeta, url: string, params: Record<string, string> = {}): GuardRequest {
  const parsed = new URL(url, 'http://localhost');
  return {
    route,
    pathname: parsed.pathname,
    search: parsed.searchParams,
    params,
    hostKind: 'marketplace',
    accessTokenInUrl: false,
  };
}

describe('rule 9: marketplace payment', () => {
  it('sends a plan that needs a card to /payments/setup, remembering the page', () => {
    expect(
      evaluateGuards(
        request(hostMarketplace, '/?lead=l1'),
        facts({ marketplaceId: 'm1', isMember: true, paymentConfigured: false, needsPaymentSetup: true }),
      ),
    ).toEqual({
      kind: 'redirect',
      to: '/payments/setup',
      remember: '/?lead=l1',
      rule: 'marketplace-payment',
    });
  });

  it('sends a marketplace opened from the dashboard to /payments/setup too (the plan is chosen)', () => {
    expect(
      evaluateGuards(
        request(otherMarketplace, '/leads/marketplace/m2', { leadsMarketplaceId: 'm2' }),
        facts({ marketplaceId: 'm2', isMember: true, paymentConfigured: false, needsPaymentSetup: true }),
      ),
    ).toMatchObject({ kind: 'redirect', to: '/payments/setup', remember: '/leads/marketplace/m2' });
  });

  it('sends a member without a plan to the plans, not to the payment setup', () => {
    expect(
      evaluateGuards(
        request(hostMarketplace, '/'),
        facts({ marketplaceId: 'm1', isMember: true, paymentConfigured: false, needsPaymentSetup: false }),
      ),
    ).toMatchObject({ kind: 'redirect', to: '/onboarding/marketplace/plans', remember: '/' });
  });

  it('lets a plan that can be paid through', () => {
    expect(
      evaluateGuards(
        request(hostMarketplace, '/'),
        facts({ marketplaceId: 'm1', isMember: true, paymentConfigured: true, needsPaymentSetup: false }),
      ),
    ).toEqual({ kind: 'allow', organizationId: 'o1' });
  });

  it('does not apply to routes that need no payment', () => {
    expect(
      evaluateGuards(
        request(leadsPage, '/leads'),
        facts({ marketplaceId: 'm1', isMember: true, paymentConfigured: false, needsPaymentSetup: true }),
      ),
    ).toEqual({ kind: 'allow', organizationId: 'o1' });
  });

  it('joins before asking for payment: a non-member is sent to join, not to pay', () => {
    expect(
      evaluateGuards(
        request(hostMarketplace, '/'),
        facts({ marketplaceId: 'm1', isMember: false, paymentConfigured: false, needsPaymentSetup: false }),
      ),
    ).toMatchObject({ kind: 'redirect', to: '/bli-partner', rule: 'marketplace' });
  });
});

describe('the marketplace fact (guard effects)', () => {
  const API = 'http://127.0.0.1:54321';
  const calls: unknown[] = [];
  let answer = { is_member: true, plan: 'on_demand' as string | null, needs_payment_setup: true };
  const server = setupServer(
    http.post(`${API}/rest/v1/rpc/marketplace_payment_status`, async ({ request: incoming }) => {
      calls.push(await incoming.json());
      return HttpResponse.json(answer);
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it.each([
    [
      { is_member: true, plan: 'on_demand', needs_payment_setup: true },
      { paymentConfigured: false, needsPaymentSetup: true },
    ],
    [
      { is_member: true, plan: 'tickets', needs_payment_setup: false },
      { paymentConfigured: true, needsPaymentSetup: false },
    ],
    [
      { is_member: true, plan: null, needs_payment_setup: false },
      { paymentConfigured: false, needsPaymentSetup: false },
    ],
    [
      { is_member: false, plan: null, needs_payment_setup: false },
      { isMember: false, paymentConfigured: false },
    ],
  ])('reads %o as %o in one call', async (status, expected) => {
    answer = status;
    calls.length = 0;
    const effects = createGuardEffects(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    const fact = await effects.loadMarketplace({ organizationId: 'o1', marketplaceId: 'm1' });
    expect(fact).toMatchObject({ marketplaceId: 'm1', ...expected });
    expect(calls).toEqual([{ input_organization_id: 'o1', input_marketplace_id: 'm1' }]);
  });
});
