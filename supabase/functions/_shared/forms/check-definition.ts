/**
 * What can't work in a definition, found before it is published. Each problem names the rule,
 * block, page, ending, option or key it is about, so the builder can point at it.
 *
 * When a condition may be decided: a show/hide rule only on blocks before the block it shows (an
 * earlier page, or higher on the same page: the answer is there as the visitor types); a jump or end
 * rule, decided when the visitor leaves its page, on blocks of that page or earlier ones. Hidden-value
 * blocks are known from the start. The score is a page-end matter: jump and end rules only.
 */
import { OPERATORS } from './conditions.ts';
import {
  type Block,
  blocksInOrder,
  type ChoiceBlock,
  type Condition,
  type FormDefinition,
  isChoiceBlock,
  isNumericBlock,
  isVisibilityRule,
  OTHER_CHOICE,
  type Rule,
  ruleTarget,
  type When,
} from './definition.ts';

export type DefinitionProblemCode =
  | 'no_pages'
  | 'empty_page'
  | 'duplicate_id'
  | 'duplicate_key'
  | 'invalid_key'
  | 'no_options'
  | 'missing_option_id'
  | 'duplicate_option_id'
  | 'unknown_block'
  | 'unknown_option'
  | 'unknown_page'
  | 'unknown_ending'
  | 'unsupported_operator'
  | 'invalid_value'
  | 'condition_on_later_block'
  | 'score_in_visibility'
  | 'backward_jump'
  | 'unreachable_ending'
  | 'required_never_visible';

export interface DefinitionProblem {
  code: DefinitionProblemCode;
  rule?: string;
  block?: string;
  page?: string;
  ending?: string;
  option?: string;
  key?: string;
}

/** Keys are slugs for `{key}` piping; `score` is the score's own. */
const KEY = /^[a-z][a-z0-9_]*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const always = (when: When) => when.groups.every((group) => group.conditions.length === 0);

function duplicates(ids: string[]): string[] {
  return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
}

function checkOptions(block: ChoiceBlock, problems: DefinitionProblem[]) {
  if (block.options.length === 0) problems.push({ code: 'no_options', block: block.id });
  const ids = block.options.map((option) => option.id);
  ids.forEach((id, index) => {
    if (!id.trim()) problems.push({ code: 'missing_option_id', block: block.id, option: String(index) });
  });
  for (const option of duplicates([...ids.filter(Boolean), ...(block.other ? [OTHER_CHOICE] : [])])) {
    problems.push({ code: 'duplicate_option_id', block: block.id, option });
  }
}

/** Whether a condition's value fits its subject (an option id of a choice block, a number, a date). */
function valueFits(condition: Condition, block: Block | undefined): boolean {
  const { operator, value } = condition;
  if (operator === 'is_answered' || operator === 'is_not_answered') return true;
  if (!block || isNumericBlock(block)) return typeof value === 'number' && Number.isFinite(value);
  if (block.kind === 'date') return typeof value === 'string' && ISO_DATE.test(value);
  return typeof value === 'string' && value !== '';
}

export function checkDefinition(definition: FormDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const { pages, rules, endings } = definition;
  const ordered = blocksInOrder(definition);
  const blocks = new Map(
    ordered.map(({ block, pageIndex }, position) => [block.id, { block, pageIndex, position }]),
  );
  const pageIndex = (id: string) => pages.findIndex((page) => page.id === id);
  const hasEnding = (id: string) => endings.some((ending) => ending.id === id);

  if (pages.length === 0) problems.push({ code: 'no_pages' });
  for (const page of pages)
    if (page.blocks.length === 0) problems.push({ code: 'empty_page', page: page.id });
  const ids = { page: pages, block: ordered.map((item) => item.block), rule: rules, ending: endings };
  for (const [about, items] of Object.entries(ids)) {
    for (const id of duplicates(items.map((item) => item.id)))
      problems.push({ code: 'duplicate_id', [about]: id });
  }

  const keyed = ordered.flatMap(({ block }) => ('key' in block ? [block] : []));
  for (const block of keyed) {
    if (!KEY.test(block.key) || block.key === 'score')
      problems.push({ code: 'invalid_key', block: block.id, key: block.key });
  }
  for (const key of duplicates(keyed.map((block) => block.key))) {
    const block = keyed.filter((item) => item.key === key)[1];
    problems.push({ code: 'duplicate_key', key, block: block?.id });
  }
  for (const { block } of ordered) if (isChoiceBlock(block)) checkOptions(block, problems);

  for (const rule of rules) problems.push(...checkRule(rule));
  if (!hasEnding(definition.defaultEnding))
    problems.push({ code: 'unknown_ending', ending: definition.defaultEnding });

  const reached = reachedEndings();
  for (const ending of endings) {
    if (!reached.has(ending.id)) problems.push({ code: 'unreachable_ending', ending: ending.id });
  }
  for (const { block } of ordered) {
    if ('required' in block && block.required && !mayShow(block)) {
      problems.push({ code: 'required_never_visible', block: block.id });
    }
  }
  return problems;

  function checkRule(rule: Rule): DefinitionProblem[] {
    const found: DefinitionProblem[] = [];
    const about = { rule: rule.id };
    // The last position a condition's block may have: before the shown block, or on the page left.
    let limit: (at: { pageIndex: number; position: number }) => boolean = () => true;
    if (isVisibilityRule(rule)) {
      const target = blocks.get(rule.block);
      if (!target) found.push({ code: 'unknown_block', ...about, block: rule.block });
      else limit = (at) => at.position < target.position;
    } else {
      const from = pageIndex(rule.page);
      if (from < 0) found.push({ code: 'unknown_page', ...about, page: rule.page });
      limit = (at) => at.pageIndex <= from;
      if (rule.action === 'end' && !hasEnding(rule.ending))
        found.push({ code: 'unknown_ending', ...about, ending: rule.ending });
      if (rule.action === 'jump') {
        const to = pageIndex(rule.to);
        if (to < 0) found.push({ code: 'unknown_page', ...about, page: rule.to });
        else if (to <= from) found.push({ code: 'backward_jump', ...about, page: rule.to });
      }
    }
    for (const condition of rule.when.groups.flatMap((group) => group.conditions)) {
      if ('score' in condition) {
        if (isVisibilityRule(rule)) found.push({ code: 'score_in_visibility', ...about });
        else if (!OPERATORS.score.includes(condition.operator))
          found.push({ code: 'unsupported_operator', ...about });
        else if (!valueFits(condition, undefined)) found.push({ code: 'invalid_value', ...about });
        continue;
      }
      const subject = blocks.get(condition.block);
      const block = subject?.block;
      const on = { ...about, block: condition.block };
      if (!subject || !block || block.kind === 'statement') found.push({ code: 'unknown_block', ...on });
      else if (block.kind !== 'hidden' && !limit(subject))
        found.push({ code: 'condition_on_later_block', ...on });
      else if (!OPERATORS[block.kind].includes(condition.operator))
        found.push({ code: 'unsupported_operator', ...on });
      else if (!valueFits(condition, block)) found.push({ code: 'invalid_value', ...on });
      else if (isChoiceBlock(block) && !['is_answered', 'is_not_answered'].includes(condition.operator)) {
        const option = String(condition.value);
        const known =
          (block.other && option === OTHER_CHOICE) || block.options.some((item) => item.id === option);
        if (!known) found.push({ code: 'unknown_option', ...on, option });
      }
    }
    return found;
  }

  /** The endings some path reaches, taking every condition as possibly true or false. */
  function reachedEndings(): Set<string> {
    const reached = new Set<string>();
    const seen = new Set<number>();
    const queue = pages.length ? [0] : [];
    for (let index = queue.pop(); index !== undefined; index = queue.pop()) {
      if (seen.has(index)) continue;
      seen.add(index);
      const id = pages[index]?.id;
      let fallsThrough = true;
      for (const rule of rules) {
        if (isVisibilityRule(rule) || rule.page !== id) continue;
        const target = ruleTarget(definition, rule, index);
        if (target === undefined) continue;
        if (typeof target === 'number') queue.push(target);
        else reached.add(target);
        if (always(rule.when)) {
          fallsThrough = false;
          break;
        }
      }
      if (fallsThrough) {
        if (index + 1 < pages.length) queue.push(index + 1);
        else reached.add(definition.defaultEnding);
      }
    }
    return reached;
  }

  /** Whether some answers show the block: its default, then its rules (an unconditional one decides). */
  function mayShow(block: Block): boolean {
    let states = new Set(['hidden' in block && block.hidden ? 'hide' : 'show']);
    for (const rule of rules) {
      if (!isVisibilityRule(rule) || rule.block !== block.id) continue;
      if (always(rule.when)) states = new Set([rule.action]);
      else states.add(rule.action);
    }
    return states.has('show');
  }
}
