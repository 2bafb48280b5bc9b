import type { MarketplacePlan } from '@/lib/database.types';
import { paths } from '@/lib/paths';
import type { TicketPack } from '../types';

/** A plan asked for in the query (`plan=…&tickets=N`); the same shape as the guard's. */
export type PlanPreselection = { plan: MarketplacePlan; tickets?: number };

/**
 * `plan=on_demand|tickets` with an optional `tickets` > 0, as the guard accepts it (an invalid one
 * never reaches a screen: the guard drops it with a message). Null when absent or invalid.
 */
export function preselectionFromQuery(search: URLSearchParams): PlanPreselection | null {
  const plan = search.get('plan');
  if (plan !== 'on_demand' && plan !== 'tickets') return null;
  const tickets = search.get('tickets');
  if (tickets === null) return { plan };
  if (!/^\d+$/.test(tickets) || Number(tickets) <= 0 || !Number.isSafeInteger(Number(tickets))) return null;
  return { plan, tickets: Number(tickets) };
}

/** What the plan radios hold: a plan, and for tickets the chosen pack's size. */
export type PlanChoice = { plan: MarketplacePlan | null; packTickets: number | null };

export type PreselectionNote =
  { kind: 'closest'; requested: number; count: number } | { kind: 'none-large-enough'; requested: number };

export const NO_CHOICE: PlanChoice = { plan: null, packTickets: null };

/**
 * The radios' starting point from `plan=…&tickets=N`: the pack of exactly N tickets, else
 * the smallest pack of at least N (with a note saying so), else no pack (with a note).
 */
export function preselect(
  preselection: PlanPreselection | null,
  packs: readonly TicketPack[],
): { choice: PlanChoice; note: PreselectionNote | null } {
  if (!preselection) return { choice: NO_CHOICE, note: null };
  if (preselection.plan === 'on_demand')
    return { choice: { plan: 'on_demand', packTickets: null }, note: null };
  const requested = preselection.tickets;
  if (requested === undefined) return { choice: { plan: 'tickets', packTickets: null }, note: null };
  if (packs.some((pack) => pack.tickets === requested)) {
    return { choice: { plan: 'tickets', packTickets: requested }, note: null };
  }
  const larger = packs.filter((pack) => pack.tickets >= requested).sort((a, b) => a.tickets - b.tickets)[0];
  if (larger) {
    return {
      choice: { plan: 'tickets', packTickets: larger.tickets },
      note: { kind: 'closest', requested, count: larger.tickets },
    };
  }
  return { choice: { plan: 'tickets', packTickets: null }, note: { kind: 'none-large-enough', requested } };
}

/** The choice as a preselection query (for links to the plans page). */
export function preselectionOf(choice: PlanChoice): PlanPreselection | undefined {
  if (!choice.plan) return undefined;
  if (choice.plan === 'tickets' && choice.packTickets)
    return { plan: 'tickets', tickets: choice.packTickets };
  return { plan: choice.plan };
}

/**
 * The plans page with the choice made so far; `marketplaceId` only for a marketplace opened by id (the
 * host's own is the plans page's default, and its page is `/` rather than /leads/marketplace/<id>).
 */
export function plansPath(marketplaceId: string | null, choice: PlanChoice = NO_CHOICE): string {
  const base = paths.marketplacePlans(preselectionOf(choice));
  if (!marketplaceId) return base;
  return `${base}${base.includes('?') ? '&' : '?'}marketplace=${encodeURIComponent(marketplaceId)}`;
}

/** The join page behind /bli-partner for a signed-in user, with the choice carried along. */
export function registerPath(choice: PlanChoice): string {
  const preselection = preselectionOf(choice);
  if (!preselection) return paths.marketplaceRegister;
  const query = new URLSearchParams({ plan: preselection.plan });
  if (preselection.tickets !== undefined) query.set('tickets', String(preselection.tickets));
  return `${paths.marketplaceRegister}?${query.toString()}`;
}

const MARKETPLACE_PAGE = /^\/leads\/marketplace\/([^/?#]+)/;

/** The marketplace of a remembered target like /leads/marketplace/<id>?lead=…; null for other paths. */
export function marketplaceIdOf(target: string | null): string | null {
  const match = target ? MARKETPLACE_PAGE.exec(target) : null;
  const id = match?.[1] ? decodeURIComponent(match[1]) : null;
  return id && id !== 'onboarding' ? id : null;
}

const ONBOARDING_PAGES = [
  paths.joinMarketplace,
  paths.marketplaceRegister,
  '/onboarding/',
  '/leads/marketplace/onboarding',
];

/** Where to go after the plan is chosen: the remembered target, unless it is an onboarding step. */
export function afterPlanTarget(remembered: string | null, fallback: string): string {
  if (!remembered) return fallback;
  const isOnboarding = ONBOARDING_PAGES.some(
    (page) =>
      remembered === page ||
      remembered.startsWith(`${page}?`) ||
      remembered.startsWith(page.endsWith('/') ? page : `${page}/`),
  );
  return isOnboarding ? fallback : remembered;
}
