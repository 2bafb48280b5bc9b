import {
  afterPlanTarget,
  marketplaceIdOf,
  plansPath,
  preselect,
  preselectionFromQuery,
  registerPath,
} from '@/features/onboarding/utils/plan-choice';

const packs = [
  { id: 'a', tickets: 10, priceOre: 100000 },
  { id: 'b', tickets: 25, priceOre: 225000 },
  { id: 'c', tickets: 50, priceOre: 400000 },
];

describe('preselect', () => {
  it('chooses nothing without a preselection', () => {
    expect(preselect(null, packs)).toEqual({ choice: { plan: null, packTickets: null }, note: null });
  });

  it('chooses on_demand', () => {
    expect(preselect({ plan: 'on_demand' }, packs).choice).toEqual({ plan: 'on_demand', packTickets: null });
  });

  it('chooses the exact pack', () => {
    expect(preselect({ plan: 'tickets', tickets: 25 }, packs)).toEqual({
      choice: { plan: 'tickets', packTickets: 25 },
      note: null,
    });
  });

  it('chooses the smallest larger pack, with a note', () => {
    expect(preselect({ plan: 'tickets', tickets: 11 }, packs)).toEqual({
      choice: { plan: 'tickets', packTickets: 25 },
      note: { kind: 'closest', requested: 11, count: 25 },
    });
    expect(preselect({ plan: 'tickets', tickets: 1 }, packs).choice.packTickets).toBe(10);
  });

  it('chooses no pack when none is large enough, with a note', () => {
    expect(preselect({ plan: 'tickets', tickets: 51 }, packs)).toEqual({
      choice: { plan: 'tickets', packTickets: null },
      note: { kind: 'none-large-enough', requested: 51 },
    });
  });

  it('chooses tickets without a pack when no number is given', () => {
    expect(preselect({ plan: 'tickets' }, packs)).toEqual({
      choice: { plan: 'tickets', packTickets: null },
      note: null,
    });
  });
});

describe('preselectionFromQuery', () => {
  it.each([
    ['plan=tickets&tickets=10', { plan: 'tickets', tickets: 10 }],
    ['plan=on_demand', { plan: 'on_demand' }],
    ['plan=tickets', { plan: 'tickets' }],
    ['', null],
    ['plan=credits', null],
    ['plan=tickets&tickets=0', null],
    ['plan=tickets&tickets=-1', null],
    ['plan=tickets&tickets=2.5', null],
  ])('%s', (query, expected) => {
    expect(preselectionFromQuery(new URLSearchParams(query))).toEqual(expected);
  });
});

describe('paths of the onboarding', () => {
  it('builds the plans path with the choice and the marketplace', () => {
    expect(plansPath('m1', { plan: 'tickets', packTickets: 10 })).toBe(
      '/onboarding/marketplace/plans?plan=tickets&tickets=10&marketplace=m1',
    );
    expect(plansPath('m1')).toBe('/onboarding/marketplace/plans?marketplace=m1');
    expect(plansPath(null, { plan: 'on_demand', packTickets: null })).toBe(
      '/onboarding/marketplace/plans?plan=on_demand',
    );
    expect(plansPath(null)).toBe('/onboarding/marketplace/plans');
  });

  it('builds the registration path with the choice', () => {
    expect(registerPath({ plan: 'tickets', packTickets: 10 })).toBe(
      '/onboarding/registrer?plan=tickets&tickets=10',
    );
    expect(registerPath({ plan: 'on_demand', packTickets: null })).toBe(
      '/onboarding/registrer?plan=on_demand',
    );
    expect(registerPath({ plan: null, packTickets: null })).toBe('/onboarding/registrer');
  });

  it('reads the marketplace of a remembered marketplace page', () => {
    expect(marketplaceIdOf('/leads/marketplace/m9?lead=l1')).toBe('m9');
    expect(marketplaceIdOf('/leads/marketplace/onboarding?from=dashboard')).toBeNull();
    expect(marketplaceIdOf('/leads')).toBeNull();
    expect(marketplaceIdOf(null)).toBeNull();
  });

  it('goes back to the remembered target unless it is an onboarding step', () => {
    expect(afterPlanTarget('/leads/marketplace/m9', '/')).toBe('/leads/marketplace/m9');
    expect(afterPlanTarget('/?lead=1', '/')).toBe('/?lead=1');
    expect(afterPlanTarget('/onboarding/registrer', '/')).toBe('/');
    expect(afterPlanTarget('/onboarding/registrer?plan=tickets', '/')).toBe('/');
    expect(afterPlanTarget('/bli-partner', '/')).toBe('/');
    expect(afterPlanTarget('/leads/marketplace/onboarding?from=dashboard&marketplace=m9', '/x')).toBe('/x');
    expect(afterPlanTarget(null, '/')).toBe('/');
  });
});
