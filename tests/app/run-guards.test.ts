import { describe, expect, it, vi } from 'vitest';
import type { GuardAction, GuardRequest, SessionFacts } from '@/app/guards/guard-chain';
import { runGuards, type GuardEffects } from '@/app/guards/run-guards';
import type { RouteMeta } from '@/app/route-meta';

const marketplaceRoot: RouteMeta = {
  name: 'leads-marketplace',
  requiresAuth: true,
  requiresProfile: true,
  requiresOrganization: true,
  requiresMarketplace: true,
  requiresMarketplacePayment: true,
  organizationView: true,
};

const googleUser: SessionFacts = {
  userId: 'u1',
  email: 'ola@example.no',
  emailConfirmed: true,
  fullName: 'Ola Nordmann',
  picture: null,
};

function request(url: string, route: RouteMeta = marketplaceRoot): GuardRequest {
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

function fakeEffects(overrides: Partial<GuardEffects> = {}) {
  const calls: string[] = [];
  const performed: GuardAction[] = [];
  const effects: GuardEffects = {
    loadSession: vi.fn(() => Promise.resolve(googleUser)),
    loadProfile: vi.fn(() => {
      calls.push('load profile');
      return Promise.resolve(false);
    }),
    loadOrganizations: vi.fn(() => {
      calls.push('load organizations');
      return Promise.resolve({ memberOf: ['o1'], lastSelectedId: null });
    }),
    loadMarketplace: vi.fn((query: { organizationId: string }) => {
      calls.push(`load marketplace for ${query.organizationId}`);
      return Promise.resolve({ marketplaceId: 'm1', isMember: false, paymentConfigured: false });
    }),
    perform: (action, userId) => {
      calls.push(action.type);
      if (userId === 'u1') performed.push(action);
      return Promise.resolve();
    },
    ...overrides,
  };
  return { ...effects, calls, performed };
}

describe('runGuards', () => {
  it('takes a new Google user from the intro link through every step to the preselected plan', async () => {
    const effects = fakeEffects();

    const decision = await runGuards(request('/?plan=tickets&tickets=10'), effects);

    expect(effects.calls).toEqual([
      'load profile',
      'create-profile',
      'load organizations',
      'select-organization',
      'load marketplace for o1',
      'join-marketplace',
    ]);
    expect(effects.performed).toContainEqual({ type: 'create-profile', name: 'Ola Nordmann', img: null });
    expect(effects.performed).toContainEqual({ type: 'select-organization', organizationId: 'o1' });
    expect(decision).toMatchObject({
      kind: 'redirect',
      to: '/onboarding/marketplace/plans?plan=tickets&tickets=10',
      remember: '/',
    });
  });

  it('loads nothing for an anonymous visitor on a public page', async () => {
    const effects = fakeEffects({ loadSession: () => Promise.resolve(null) });
    const decision = await runGuards(request('/calendar/c1', { name: 'calendar' }), effects);
    expect(decision).toEqual({ kind: 'allow', organizationId: null });
    expect(effects.calls).toEqual([]);
  });

  it('asks for the marketplace of the route when it names one', async () => {
    const loadMarketplace = vi.fn(() =>
      Promise.resolve({ marketplaceId: 'm9', isMember: true, paymentConfigured: true }),
    );
    const effects = fakeEffects({
      loadProfile: () => Promise.resolve(true),
      loadOrganizations: () => Promise.resolve({ memberOf: ['o2'], lastSelectedId: 'o2' }),
      loadMarketplace,
    });
    const guardRequest = { ...request('/leads/marketplace/m9'), params: { leadsMarketplaceId: 'm9' } };

    await expect(runGuards(guardRequest, effects)).resolves.toEqual({ kind: 'allow', organizationId: 'o2' });
    expect(loadMarketplace).toHaveBeenCalledWith({ organizationId: 'o2', marketplaceId: 'm9' });
  });

  it('passes failures of the effects on, so the route error boundary can show them', async () => {
    const effects = fakeEffects({ loadProfile: () => Promise.reject(new Error('network down')) });
    await expect(runGuards(request('/'), effects)).rejects.toThrow('network down');
  });
});
