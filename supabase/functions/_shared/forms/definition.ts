/**
 * A form's definition: the JSON a published version freezes, read by the builder, the public form
 * and the server alike (docs/forms.md describes it with an example). Plain data, no functions.
 */

/** A consent the form asks for, by the campaign engine's consent purposes. */
export type ConsentKind = 'marketing' | 'sharing' | 'participation';

interface Answerable {
  /** Stable for the form's life: answers, rules and exports refer to it. */
  id: string;
  /** A short slug for piping (`{navn}`) and export columns; unique in the form. */
  key: string;
  label: string;
  help?: string;
  required?: boolean;
  /** Hidden until a `show` rule shows it. */
  hidden?: boolean;
}

interface WithPlaceholder {
  placeholder?: string;
}

export interface TextBlock extends Answerable, WithPlaceholder {
  kind: 'short_text' | 'long_text';
  /** At most 500 (short) or 5000 (long), the default too. */
  maxLength?: number;
}

export interface ContactBlock extends Answerable, WithPlaceholder {
  kind: 'email' | 'phone';
}

export interface NumberBlock extends Answerable, WithPlaceholder {
  kind: 'number';
  min?: number;
  max?: number;
  /** Decimals allowed; whole numbers only when absent. */
  decimals?: boolean;
  /** Score points per unit of the answer. */
  weight?: number;
}

export interface ChoiceOption {
  id: string;
  label: string;
  /** Added to the score when picked. */
  points?: number;
}

export interface ChoiceBlock extends Answerable {
  kind: 'single_choice' | 'multiple_choice' | 'dropdown';
  options: ChoiceOption[];
  /** Offers «Annet» with a free text; picked, it is the choice id `other`. */
  other?: boolean;
  /** Picks of a multiple choice. */
  minChoices?: number;
  maxChoices?: number;
}

export interface ScaleBlock extends Answerable {
  /** rating: 1 to `max` (default 5); nps: 0 to 10. */
  kind: 'rating' | 'nps';
  max?: number;
  /** Score points per step of the answer. */
  weight?: number;
}

export interface DateBlock extends Answerable {
  kind: 'date';
  /** yyyy-mm-dd, inclusive. */
  min?: string;
  max?: string;
}

export interface FileBlock extends Answerable {
  kind: 'file';
  /** Default 1. */
  maxFiles?: number;
}

export interface ConsentBlock extends Answerable {
  kind: 'consent';
  consent: ConsentKind;
}

export interface HiddenBlock {
  kind: 'hidden';
  id: string;
  key: string;
  /** The query key the value is read from (`utm_source`, `page`, any key). */
  source: string;
}

export interface StatementBlock {
  kind: 'statement';
  id: string;
  heading?: string;
  text?: string;
  hidden?: boolean;
}

export type AnswerBlock =
  TextBlock | ContactBlock | NumberBlock | ChoiceBlock | ScaleBlock | DateBlock | FileBlock | ConsentBlock;
export type Block = AnswerBlock | StatementBlock | HiddenBlock;
export type BlockKind = Block['kind'];

export interface Page {
  id: string;
  blocks: Block[];
}

export type Operator =
  | 'equals'
  | 'not_equals'
  | 'contains'
  | 'not_contains'
  | 'greater_than'
  | 'less_than'
  | 'is_answered'
  | 'is_not_answered';

/** On a block's answer (choice blocks compare option ids), or on the score so far. */
export type Condition =
  | { block: string; operator: Operator; value?: string | number | boolean }
  | { score: true; operator: Operator; value: number };

export type Join = 'and' | 'or';

export interface ConditionGroup {
  join: Join;
  conditions: Condition[];
}

/** Groups joined by `join`; no groups means always. */
export interface When {
  join: Join;
  groups: ConditionGroup[];
}

interface RuleBase {
  id: string;
  when: When;
}

/** Shows or hides `block`: the last matching rule for a block wins over its `hidden` default. */
export interface VisibilityRule extends RuleBase {
  action: 'show' | 'hide';
  block: string;
}

/**
 * Decided when the visitor leaves `page`: the first matching jump or end rule of the page wins, else
 * the next page (after the last page, the default ending).
 */
export interface JumpRule extends RuleBase {
  action: 'jump';
  page: string;
  to: string;
}

export interface EndRule extends RuleBase {
  action: 'end';
  page: string;
  ending: string;
}

export type Rule = VisibilityRule | JumpRule | EndRule;

export const isVisibilityRule = (rule: Rule): rule is VisibilityRule =>
  rule.action === 'show' || rule.action === 'hide';

export interface Ending {
  id: string;
  title: string;
  text?: string;
}

export interface FormDefinition {
  version: 1;
  pages: Page[];
  rules: Rule[];
  endings: Ending[];
  defaultEnding: string;
}

/** The choice id of «Annet». */
export const OTHER_CHOICE = 'other';

export interface ChoiceAnswer {
  choices: string[];
  /** The free text when `choices` holds `other`. */
  other?: string;
}

/**
 * One answer per block id: text, e-mail, phone and date are strings; number, rating and nps numbers;
 * choices a ChoiceAnswer; file the upload ids; consent a boolean. Hidden blocks come from `hidden`.
 */
export type AnswerValue = string | number | boolean | string[] | ChoiceAnswer;
export type Answers = Record<string, AnswerValue>;
/** The page's query: `utm_source` → `facebook`, `page` → the embedding page's address. */
export type HiddenValues = Record<string, string>;

export const TEXT_LIMITS = { short_text: 500, long_text: 5000 } as const;
export const HIDDEN_VALUE_LIMIT = 500;
export const DEFAULT_RATING_MAX = 5;

export const isAnswerBlock = (block: Block): block is AnswerBlock =>
  block.kind !== 'statement' && block.kind !== 'hidden';

/** number, rating and nps: a number answer, with a score weight. */
export const isNumericBlock = (block: Block): block is NumberBlock | ScaleBlock =>
  block.kind === 'number' || block.kind === 'rating' || block.kind === 'nps';

export const isChoiceBlock = (block: Block): block is ChoiceBlock =>
  block.kind === 'single_choice' || block.kind === 'multiple_choice' || block.kind === 'dropdown';

/** Every block of the form in order, with its page's index. */
export function blocksInOrder(definition: FormDefinition): { block: Block; pageIndex: number }[] {
  return definition.pages.flatMap((page, pageIndex) => page.blocks.map((block) => ({ block, pageIndex })));
}

/**
 * Where a jump or end rule of the page at `index` leads: a later page's index, or an ending's id.
 * Undefined for a jump backwards or to the same page (it could loop) and for a missing target: the
 * path ignores such a rule, and checkDefinition reports it.
 */
export function ruleTarget(
  definition: FormDefinition,
  rule: JumpRule | EndRule,
  index: number,
): number | string | undefined {
  if (rule.action === 'end') {
    return definition.endings.some((ending) => ending.id === rule.ending) ? rule.ending : undefined;
  }
  const to = definition.pages.findIndex((page) => page.id === rule.to);
  return to > index ? to : undefined;
}
