import type { Block } from './blocks';

export const STEP_TYPES = ['optin', 'sales', 'checkout', 'offer', 'thankyou'] as const;
export type StepType = (typeof STEP_TYPES)[number];
export type OfferRole = 'upsell' | 'downsell';
export const VARIANT_LABELS = ['B', 'C', 'D'] as const;
export const MAX_STEPS = 20;
export const MAX_STEP_NAME = 80;

export type StepVariant = { id: string; label: string; content: Block[]; trafficPercent: number };

/** A funnel's step as the editor holds it (funnel_steps with its variants). */
export type FunnelStep = {
  id: string;
  position: number;
  type: StepType;
  offerRole: OfferRole | null;
  name: string;
  formId: string | null;
  checkoutId: string | null;
  productId: string | null;
  /** The offer's price incl. MVA in øre; null charges the product's own price. */
  priceOre: number | null;
  content: Block[];
  nextStepId: string | null;
  declineStepId: string | null;
  variants: StepVariant[];
};

export const isStepType = (value: string): value is StepType =>
  (STEP_TYPES as readonly string[]).includes(value);

/** The steps with a page of blocks (the others show a form or a checkout). */
export const hasBlocks = (type: StepType) => type === 'sales' || type === 'offer' || type === 'thankyou';

/** The share of visitors the original (A) keeps: what the variants leave. */
export const originalShare = (variants: readonly Pick<StepVariant, 'trafficPercent'>[]) =>
  100 - variants.reduce((sum, variant) => sum + variant.trafficPercent, 0);

/** The first step: the lowest position (the public page's rule). */
export const firstStep = <T extends Pick<FunnelStep, 'position' | 'id'>>(steps: readonly T[]) =>
  [...steps].sort((a, b) => a.position - b.position || a.id.localeCompare(b.id))[0] ?? null;

/** Where a step leads: «next» (an offer's «Ja»), and an offer's «Nei takk». */
export const exitsOf = (step: Pick<FunnelStep, 'type' | 'nextStepId' | 'declineStepId'>) =>
  step.type === 'offer' ? [step.nextStepId, step.declineStepId] : [step.nextStepId];

export type PathNode = {
  step: FunnelStep;
  /** Where it leads; null for a path that ends here. A repeated step is not followed again. */
  next: PathNode | PathLoop | null;
  decline: PathNode | PathLoop | null;
};
/** A link back to a step already on the path: a cycle. */
export type PathLoop = { loopTo: FunnelStep };

/** The paths from the first step as a tree (the map): each step's exits, loops marked, not followed. */
export function pathTree(steps: readonly FunnelStep[]): PathNode | null {
  const byId = new Map(steps.map((step) => [step.id, step]));
  const visit = (step: FunnelStep, onPath: ReadonlySet<string>): PathNode => {
    const follow = (id: string | null): PathNode | PathLoop | null => {
      const target = id ? byId.get(id) : undefined;
      if (!target) return null;
      if (onPath.has(target.id)) return { loopTo: target };
      return visit(target, new Set([...onPath, target.id]));
    };
    return {
      step,
      next: follow(step.nextStepId),
      decline: step.type === 'offer' ? follow(step.declineStepId) : null,
    };
  };
  const first = firstStep(steps);
  return first ? visit(first, new Set([first.id])) : null;
}
