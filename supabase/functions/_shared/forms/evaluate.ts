/**
 * Where a visitor's answers lead: the visible blocks of each page on their path, the path (jumps
 * honoured), the ending, the score, and the texts with `{key}` piped. Deterministic: the same
 * definition and answers give the same result in the builder, the public form and the server.
 */
import { conditionHolds, isAnswered, whenHolds } from './conditions.ts';
import {
  type AnswerBlock,
  type Answers,
  type AnswerValue,
  type Block,
  blocksInOrder,
  type ChoiceAnswer,
  type Condition,
  type FormDefinition,
  HIDDEN_VALUE_LIMIT,
  type HiddenValues,
  isAnswerBlock,
  isChoiceBlock,
  isNumericBlock,
  isVisibilityRule,
  OTHER_CHOICE,
  type Page,
  ruleTarget,
} from './definition.ts';

export type PipedTexts = Partial<Record<'label' | 'help' | 'placeholder' | 'heading' | 'text', string>>;

export interface Evaluation {
  /** Page ids in the order the visitor walks them. */
  path: string[];
  /** Per page on the path: the ids of its blocks the visitor sees (hidden-value blocks never). */
  visible: Record<string, string[]>;
  /** The ending the path leads to, piped. */
  ending: { id: string; title: string; text: string };
  score: number;
  /** The answers that count: visible blocks on the path, and the hidden blocks' values. */
  answers: Answers;
  /** Per visible block: its texts, piped. */
  texts: Record<string, PipedTexts>;
}

/** Whether a value has the shape its block's answers have (anything else counts as unanswered). */
function fits(block: AnswerBlock, value: AnswerValue): boolean {
  if (isChoiceBlock(block))
    return typeof value === 'object' && Array.isArray((value as ChoiceAnswer).choices);
  if (isNumericBlock(block)) return typeof value === 'number';
  if (block.kind === 'file') return Array.isArray(value);
  return block.kind === 'consent' ? typeof value === 'boolean' : typeof value === 'string';
}

function blockScore(block: AnswerBlock, value: AnswerValue): number {
  if (isChoiceBlock(block)) {
    const { choices } = value as ChoiceAnswer;
    return block.options.reduce(
      (sum, option) => sum + (choices.includes(option.id) ? (option.points ?? 0) : 0),
      0,
    );
  }
  return isNumericBlock(block) ? (value as number) * (block.weight ?? 0) : 0;
}

/** Whether a block shows: its default, then the last of its show/hide rules that holds. */
function isShown(definition: FormDefinition, block: Block, test: (condition: Condition) => boolean): boolean {
  let shown = !('hidden' in block && block.hidden === true);
  for (const rule of definition.rules) {
    if (isVisibilityRule(rule) && rule.block === block.id && whenHolds(rule.when, test)) {
      shown = rule.action === 'show';
    }
  }
  return shown;
}

export const formatNumber = (value: number) => value.toLocaleString('nb-NO');
/** 24.12.2026 from 2026-12-24. */
export const formatDate = (value: string) => value.split('-').reverse().join('.');

/** An answer as a person reads it: option labels (the free text for «Annet»), Norwegian numbers and dates. */
export function displayValue(block: Block, value: AnswerValue | undefined): string {
  if (value === undefined) return '';
  if (isChoiceBlock(block)) {
    const answer = value as ChoiceAnswer;
    return answer.choices
      .map((id) =>
        id === OTHER_CHOICE ? answer.other : block.options.find((option) => option.id === id)?.label,
      )
      .filter(Boolean)
      .join(', ');
  }
  if (typeof value === 'number') return formatNumber(value);
  if (block.kind === 'date') return formatDate(String(value));
  if (block.kind === 'consent') return value ? 'Ja' : 'Nei';
  if (block.kind === 'file') return '';
  return String(value);
}

/** `{key}` → the display value of that answer, `{score}` → the score; unknown or unanswered → empty. */
export function pipe(text: string, values: Record<string, string>): string {
  return text.replace(/\{([a-z][a-z0-9_]*)\}/g, (_, key: string) =>
    // Own keys only: `{constructor}` is an unknown key, not Object's.
    Object.hasOwn(values, key) ? (values[key] as string) : '',
  );
}

/** The hidden blocks' values from the page's query: trimmed and cut to their limit. */
function hiddenAnswers(definition: FormDefinition, hidden: HiddenValues): Answers {
  const answers: Answers = {};
  for (const { block } of blocksInOrder(definition)) {
    const value = block.kind === 'hidden' ? hidden[block.source] : undefined;
    if (typeof value === 'string' && value.trim())
      answers[block.id] = value.trim().slice(0, HIDDEN_VALUE_LIMIT);
  }
  return answers;
}

/** The page the visitor goes to after `page` (its index), or the ending id when one ends the form. */
function exitOf(
  definition: FormDefinition,
  index: number,
  test: (condition: Condition) => boolean,
): { page: number } | { ending: string } {
  const page = definition.pages[index] as Page;
  for (const rule of definition.rules) {
    if (isVisibilityRule(rule) || rule.page !== page.id) continue;
    const target = ruleTarget(definition, rule, index);
    if (target !== undefined && whenHolds(rule.when, test)) {
      return typeof target === 'number' ? { page: target } : { ending: target };
    }
  }
  return { page: index + 1 };
}

export function evaluate(
  definition: FormDefinition,
  answers: Answers,
  hidden: HiddenValues = {},
): Evaluation {
  const kept = hiddenAnswers(definition, hidden);
  let score = 0;
  const test = (condition: Condition) => conditionHolds(condition, kept, score);
  const path: string[] = [];
  const visible: Record<string, string[]> = {};
  const shownBlocks: Block[] = [];
  let endingId = definition.defaultEnding;

  for (let index = 0; index < definition.pages.length;) {
    const page = definition.pages[index] as Page;
    path.push(page.id);
    visible[page.id] = [];
    for (const block of page.blocks) {
      if (block.kind === 'hidden' || !isShown(definition, block, test)) continue;
      visible[page.id]?.push(block.id);
      shownBlocks.push(block);
      const value = answers[block.id];
      if (isAnswerBlock(block) && value !== undefined && fits(block, value) && isAnswered(value)) {
        kept[block.id] = value;
        score += blockScore(block, value);
      }
    }
    const exit = exitOf(definition, index, test);
    if ('ending' in exit) {
      endingId = exit.ending;
      break;
    }
    index = exit.page;
  }

  const values: Record<string, string> = { score: formatNumber(score) };
  for (const { block } of blocksInOrder(definition)) {
    if ('key' in block && Object.hasOwn(kept, block.id))
      values[block.key] = displayValue(block, kept[block.id]);
  }
  const texts: Record<string, PipedTexts> = {};
  for (const block of shownBlocks) {
    const piped: PipedTexts = {};
    for (const field of ['label', 'help', 'placeholder', 'heading', 'text'] as const) {
      const text = (block as Partial<Record<typeof field, string>>)[field];
      if (text !== undefined) piped[field] = pipe(text, values);
    }
    texts[block.id] = piped;
  }
  const ending = definition.endings.find((candidate) => candidate.id === endingId);
  return {
    path,
    visible,
    ending: {
      id: endingId,
      title: pipe(ending?.title ?? '', values),
      text: pipe(ending?.text ?? '', values),
    },
    score,
    answers: kept,
    texts,
  };
}

/** The page after `pageId` on the visitor's path; null on the last page (next comes the ending). */
export function nextPage(
  definition: FormDefinition,
  pageId: string,
  answers: Answers,
  hidden?: HiddenValues,
) {
  const { path } = evaluate(definition, answers, hidden);
  const index = path.indexOf(pageId);
  return index < 0 ? null : (path[index + 1] ?? null);
}

/** The page before `pageId` on the visitor's path (the one they came from); null on the first. */
export function previousPage(
  definition: FormDefinition,
  pageId: string,
  answers: Answers,
  hidden?: HiddenValues,
) {
  const { path } = evaluate(definition, answers, hidden);
  return path[path.indexOf(pageId) - 1] ?? null;
}
