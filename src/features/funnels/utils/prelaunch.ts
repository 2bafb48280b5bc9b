import { parseBlocks, phoneIssues, type Block, type PhoneIssueCode } from './blocks';
import { exitsOf, firstStep, hasBlocks, type FunnelStep } from './steps';

/** What the funnel uses, as the check needs it. */
export type PrelaunchContext = {
  forms: ReadonlyMap<string, { published: boolean }>;
  checkouts: ReadonlyMap<string, { published: boolean; products: number }>;
  products: ReadonlyMap<string, { priceOre: number }>;
};

export type PrelaunchCode =
  | 'no_steps'
  | 'dead_end'
  | 'cycle'
  | 'unreachable'
  | 'offer_no_product'
  | 'offer_no_price'
  | 'offer_no_decline'
  | 'optin_no_form'
  | 'optin_form_unpublished'
  | 'checkout_missing'
  | 'checkout_unpublished'
  | 'checkout_no_products'
  | 'page_invalid'
  | PhoneIssueCode;

export type PrelaunchProblem = {
  code: PrelaunchCode;
  /** The step it is about (null: the funnel), and the variant when it is a page's (A, B …). */
  stepId: string | null;
  variant: string | null;
};

const problem = (code: PrelaunchCode, stepId: string | null = null, variant: string | null = null) => ({
  code,
  stepId,
  variant,
});

/** The step ids reachable from the first step, and whether a path comes back to a step on it. */
function walk(steps: readonly FunnelStep[]) {
  const byId = new Map(steps.map((step) => [step.id, step]));
  const reached = new Set<string>();
  const cycles = new Set<string>();
  const visit = (id: string, onPath: Set<string>) => {
    if (onPath.has(id)) {
      cycles.add(id);
      return;
    }
    const step = byId.get(id);
    if (!step) return;
    const seenBefore = reached.has(id);
    reached.add(id);
    // A step reached again off the path has had its exits walked already (they cannot loop to here
    // without passing through this path, which the check above catches the first time).
    if (seenBefore) return;
    onPath.add(id);
    for (const exit of exitsOf(step)) if (exit) visit(exit, onPath);
    onPath.delete(id);
  };
  const first = firstStep(steps);
  if (first) visit(first.id, new Set());
  return { reached, cycles };
}

const pageProblems = (stepId: string, variant: string, content: readonly Block[]) => {
  const parsed = parseBlocks(content);
  if (!parsed.ok) return [problem('page_invalid', stepId, variant)];
  return phoneIssues(parsed.blocks).map((issue) => problem(issue.code, stepId, variant));
};

/**
 * Whether a funnel may be published (docs/funnels.md «Pre-launch rules»): every path from the first
 * step ends at a thank-you page without going round in circles, every step is reachable, every offer
 * has a product, a price above 0 and a «Nei takk» path, every opt-in a published form, every checkout
 * step a published checkout with products, and every page (each variant) passes on a phone. Empty
 * when it may.
 */
export function prelaunchProblems(
  steps: readonly FunnelStep[],
  context: PrelaunchContext,
): PrelaunchProblem[] {
  if (steps.length === 0) return [problem('no_steps')];
  const problems: PrelaunchProblem[] = [];
  const { reached, cycles } = walk(steps);
  const ordered = [...steps].sort((a, b) => a.position - b.position);
  for (const step of ordered) {
    if (!reached.has(step.id)) problems.push(problem('unreachable', step.id));
    if (cycles.has(step.id)) problems.push(problem('cycle', step.id));
    if (step.type !== 'thankyou' && !step.nextStepId) problems.push(problem('dead_end', step.id));
    if (step.type === 'offer') {
      const product = step.productId ? context.products.get(step.productId) : undefined;
      if (!product) problems.push(problem('offer_no_product', step.id));
      else if ((step.priceOre ?? product.priceOre) <= 0) problems.push(problem('offer_no_price', step.id));
      if (!step.declineStepId) problems.push(problem('offer_no_decline', step.id));
    }
    if (step.type === 'optin') {
      const form = step.formId ? context.forms.get(step.formId) : undefined;
      if (!form) problems.push(problem('optin_no_form', step.id));
      else if (!form.published) problems.push(problem('optin_form_unpublished', step.id));
    }
    if (step.type === 'checkout') {
      const checkout = step.checkoutId ? context.checkouts.get(step.checkoutId) : undefined;
      if (!checkout) problems.push(problem('checkout_missing', step.id));
      else if (!checkout.published) problems.push(problem('checkout_unpublished', step.id));
      else if (checkout.products === 0) problems.push(problem('checkout_no_products', step.id));
    }
    if (hasBlocks(step.type)) {
      problems.push(...pageProblems(step.id, 'A', step.content));
      for (const variant of step.variants)
        problems.push(...pageProblems(step.id, variant.label, variant.content));
    }
  }
  return problems;
}
