import { currentOrganizationOf } from '@/lib/account/current-organization-of';
import type {
  FactName,
  GuardAction,
  GuardDecision,
  GuardFacts,
  GuardRequest,
  MarketplaceFacts,
  OrganizationFacts,
  SessionFacts,
} from './guard-chain';
import { evaluateGuards } from './guard-chain';

/** The world the guard chain runs in; the router gives real effects, tests give fakes. */
export interface GuardEffects {
  loadSession(): Promise<SessionFacts | null>;
  loadProfile(userId: string): Promise<boolean>;
  loadOrganizations(userId: string): Promise<OrganizationFacts>;
  loadMarketplace(query: { organizationId: string; marketplaceId: string | null }): Promise<MarketplaceFacts>;
  perform(action: GuardAction, userId: string): Promise<void>;
}

export type FinalDecision = Extract<GuardDecision, { kind: 'allow' | 'redirect' }>;

// Every action changes a fact the chain checked, so a sane chain ends well within this.
const MAX_STEPS = 12;

export async function runGuards(request: GuardRequest, effects: GuardEffects): Promise<FinalDecision> {
  const facts: GuardFacts = { session: await effects.loadSession() };
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const decision = evaluateGuards(request, facts);
    if (decision.kind === 'allow' || decision.kind === 'redirect') return decision;
    const userId = facts.session?.userId;
    if (!userId) throw new Error('The guard chain asked for user data without a session');
    if (decision.kind === 'load') await load(decision.fact, facts, userId, request, effects);
    else {
      await effects.perform(decision.action, userId);
      applyAction(decision.action, facts);
    }
  }
  throw new Error(`The guard chain did not settle for ${request.pathname}`);
}

async function load(
  fact: FactName,
  facts: GuardFacts,
  userId: string,
  request: GuardRequest,
  effects: GuardEffects,
) {
  switch (fact) {
    case 'profile':
      facts.hasProfile = await effects.loadProfile(userId);
      return;
    case 'organizations':
      facts.organizations = await effects.loadOrganizations(userId);
      return;
    case 'marketplace': {
      const organizationId = facts.organizations && currentOrganizationOf(facts.organizations);
      if (!organizationId) throw new Error('Marketplace facts need an organization');
      facts.marketplace = await effects.loadMarketplace({
        organizationId,
        marketplaceId: request.params.leadsMarketplaceId ?? null,
      });
      return;
    }
  }
}

function applyAction(action: GuardAction, facts: GuardFacts) {
  switch (action.type) {
    case 'create-profile':
      facts.hasProfile = true;
      return;
    case 'select-organization':
      if (facts.organizations)
        facts.organizations = { ...facts.organizations, lastSelectedId: action.organizationId };
      return;
    case 'join-marketplace':
      if (facts.marketplace) facts.marketplace = { ...facts.marketplace, isMember: true };
      return;
  }
}
