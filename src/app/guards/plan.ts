import type { MarketplacePlan } from '@/lib/database.types';

export type PlanPreselection = { plan: MarketplacePlan; tickets?: number };

export type PlanQuery =
  { kind: 'none' } | { kind: 'valid'; preselection: PlanPreselection } | { kind: 'invalid' };

const PLANS: readonly MarketplacePlan[] = ['on_demand', 'tickets'];

/**
 * Reads `plan` and `tickets` from a query string (plan=on_demand|tickets, tickets a whole
 * number greater than 0). Anything else — an unknown plan, tickets without a plan, 0, -1, 2.5, «ti» —
 * is invalid and rejected with a message rather than silently ignored.
 */
export function parsePlanQuery(search: URLSearchParams): PlanQuery {
  const plan = search.get('plan');
  const tickets = search.get('tickets');
  if (plan === null && tickets === null) return { kind: 'none' };
  if (plan === null || !PLANS.includes(plan as MarketplacePlan)) return { kind: 'invalid' };
  if (tickets === null) return { kind: 'valid', preselection: { plan: plan as MarketplacePlan } };
  if (!/^\d+$/.test(tickets) || Number(tickets) <= 0 || !Number.isSafeInteger(Number(tickets))) {
    return { kind: 'invalid' };
  }
  return { kind: 'valid', preselection: { plan: plan as MarketplacePlan, tickets: Number(tickets) } };
}

export function withoutPlanQuery(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  rest.delete('plan');
  rest.delete('tickets');
  return rest;
}
