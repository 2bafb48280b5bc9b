/**
 * The check of a submission: each answer's shape and limits, then the path its answers lead to (an
 * answer the visitor could not have seen is refused), then what is required on that path. The public
 * form runs it per page for field errors; the server runs it whole and stores only `cleaned`.
 */
import { normalizeEmail, isValidEmail } from '../email-address.ts';
import { normalizeNorwegianPhone } from '../phone.ts';
import { isAnswered } from './conditions.ts';
import {
  type AnswerBlock,
  type Answers,
  type AnswerValue,
  type Block,
  blocksInOrder,
  type ChoiceAnswer,
  type ChoiceBlock,
  DEFAULT_RATING_MAX,
  type FormDefinition,
  type HiddenValues,
  isChoiceBlock,
  isNumericBlock,
  type NumberBlock,
  OTHER_CHOICE,
  type ScaleBlock,
  TEXT_LIMITS,
} from './definition.ts';
import { evaluate, formatDate, formatNumber } from './evaluate.ts';

export type AnswerErrorCode =
  | 'required'
  | 'too_long'
  | 'invalid_email'
  | 'invalid_phone'
  | 'not_a_number'
  | 'not_whole_number'
  | 'out_of_range'
  | 'unknown_option'
  | 'too_many_choices'
  | 'too_few_choices'
  | 'other_required'
  | 'invalid_date'
  | 'too_many_files'
  | 'not_visible'
  | 'unknown_block'
  | 'wrong_type';

/** `min`/`max` are the limits as the message shows them (Norwegian numbers, dd.mm.yyyy). */
export interface AnswerError {
  blockId: string;
  code: AnswerErrorCode;
  min?: string;
  max?: string;
}

export type AnswersCheck =
  { ok: true; cleaned: Answers; score: number; ending: string } | { ok: false; errors: AnswerError[] };

type Cleaned = { value: AnswerValue } | Omit<AnswerError, 'blockId'>;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Typed numbers: Norwegian decimal comma or point, spaces between thousands. */
const TYPED_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

function isRealDate(value: string): boolean {
  const parts = ISO_DATE.exec(value);
  if (!parts) return false;
  const date = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return date.toISOString().startsWith(value);
}

function range(value: number | string, min: number | string | undefined, max: number | string | undefined) {
  if ((min === undefined || value >= min) && (max === undefined || value <= max)) return undefined;
  const shown = (limit: number | string | undefined) =>
    limit === undefined ? undefined : typeof limit === 'number' ? formatNumber(limit) : formatDate(limit);
  return { code: 'out_of_range' as const, min: shown(min), max: shown(max) };
}

function cleanChoice(block: ChoiceBlock, raw: unknown) {
  const answer: unknown =
    typeof raw === 'string' ? { choices: [raw] } : Array.isArray(raw) ? { choices: raw } : raw;
  const { choices, other } = (answer ?? {}) as Partial<ChoiceAnswer>;
  if (
    !Array.isArray(choices) ||
    !choices.every((id) => typeof id === 'string') ||
    !['string', 'undefined'].includes(typeof other)
  ) {
    return { code: 'wrong_type' as const };
  }
  const picked = [...new Set(choices)];
  const known = (id: string) =>
    (block.other && id === OTHER_CHOICE) || block.options.some((option) => option.id === id);
  if (!picked.every(known)) return { code: 'unknown_option' as const };
  const max = block.kind === 'multiple_choice' ? (block.maxChoices ?? picked.length) : 1;
  if (picked.length > max) return { code: 'too_many_choices' as const, max: formatNumber(max) };
  if (block.kind === 'multiple_choice' && picked.length < (block.minChoices ?? 0)) {
    return { code: 'too_few_choices' as const, min: formatNumber(block.minChoices ?? 0) };
  }
  if (!picked.includes(OTHER_CHOICE)) return { value: { choices: picked } };
  const text = other?.trim() ?? '';
  if (!text) return { code: 'other_required' as const };
  if (text.length > TEXT_LIMITS.short_text)
    return { code: 'too_long' as const, max: formatNumber(TEXT_LIMITS.short_text) };
  return { value: { choices: picked, other: text } };
}

function cleanNumber(block: NumberBlock | ScaleBlock, raw: unknown): Cleaned {
  const typed = typeof raw === 'string' ? raw.replace(/\s/g, '') : undefined;
  const value =
    typeof raw === 'number' ? raw : typed && TYPED_NUMBER.test(typed) ? Number(typed.replace(',', '.')) : NaN;
  if (!Number.isFinite(value)) return { code: 'not_a_number' };
  if (block.kind !== 'number') {
    const [min, max] = block.kind === 'nps' ? [0, 10] : [1, block.max ?? DEFAULT_RATING_MAX];
    return Number.isInteger(value)
      ? (range(value, min, max) ?? { value })
      : { code: 'out_of_range', min: `${min}`, max: `${max}` };
  }
  if (!block.decimals && !Number.isInteger(value)) return { code: 'not_whole_number' };
  return range(value, block.min, block.max) ?? { value };
}

/** One answer's shape and limits, and its stored form (trimmed, normalised). */
function clean(block: AnswerBlock, raw: unknown): Cleaned {
  if (isChoiceBlock(block)) return cleanChoice(block, raw);
  if (isNumericBlock(block)) return cleanNumber(block, raw);
  if (block.kind === 'consent') return typeof raw === 'boolean' ? { value: raw } : { code: 'wrong_type' };
  if (block.kind === 'file') {
    if (!Array.isArray(raw) || !raw.every((id) => typeof id === 'string' && UPLOAD_ID.test(id)))
      return { code: 'wrong_type' };
    const ids = [...new Set(raw as string[])];
    const max = block.maxFiles ?? 1;
    return ids.length > max ? { code: 'too_many_files', max: formatNumber(max) } : { value: ids };
  }
  if (typeof raw !== 'string') return { code: 'wrong_type' };
  const text = raw.trim();
  switch (block.kind) {
    case 'email':
      return isValidEmail(text) ? { value: normalizeEmail(text) } : { code: 'invalid_email' };
    case 'phone': {
      const phone = normalizeNorwegianPhone(text);
      return phone ? { value: phone } : { code: 'invalid_phone' };
    }
    case 'date':
      return isRealDate(text)
        ? (range(text, block.min, block.max) ?? { value: text })
        : { code: 'invalid_date' };
    case 'short_text':
    case 'long_text': {
      const max = Math.min(block.maxLength ?? Infinity, TEXT_LIMITS[block.kind]);
      return text.length > max ? { code: 'too_long', max: formatNumber(max) } : { value: text };
    }
    default:
      return { code: 'wrong_type' };
  }
}

/** Nothing given: null, blank, no picks (a ticked-off consent `false` is an answer). */
const isBlank = (raw: unknown) =>
  raw === null || raw === undefined || (typeof raw !== 'boolean' && !isAnswered(raw as AnswerValue));

/**
 * `answers` and `hidden` are untrusted (a posted body). With `page`, only that page's fields are
 * checked (the public form's «Neste»): answers elsewhere are neither refused nor required.
 */
export function validateAnswers(
  definition: FormDefinition,
  answers: unknown,
  hidden: unknown = {},
  options: { page?: string } = {},
): AnswersCheck {
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
    return { ok: false, errors: [{ blockId: '', code: 'wrong_type' }] };
  }
  const blocks = new Map<string, Block>(blocksInOrder(definition).map(({ block }) => [block.id, block]));
  const errors = new Map<string, AnswerError>();
  const valid: Answers = {};
  for (const [blockId, raw] of Object.entries(answers)) {
    const block = blocks.get(blockId);
    if (!block || block.kind === 'statement') errors.set(blockId, { blockId, code: 'unknown_block' });
    // A hidden block's value comes from the page's query, never from the visitor's answers.
    else if (block.kind === 'hidden') errors.set(blockId, { blockId, code: 'not_visible' });
    else if (!isBlank(raw)) {
      const result = clean(block, raw);
      if ('value' in result) valid[blockId] = result.value;
      else errors.set(blockId, { blockId, ...result });
    }
  }

  const query: HiddenValues = {};
  if (typeof hidden === 'object' && hidden !== null) {
    for (const [name, value] of Object.entries(hidden)) if (typeof value === 'string') query[name] = value;
  }
  const evaluation = evaluate(definition, valid, query);
  const shown = new Set(Object.values(evaluation.visible).flat());
  for (const blockId of Object.keys(answers)) {
    if (
      blocks.has(blockId) &&
      !shown.has(blockId) &&
      (Object.hasOwn(valid, blockId) || errors.has(blockId))
    ) {
      errors.set(blockId, { blockId, code: 'not_visible' });
    }
  }
  for (const blockId of shown) {
    const block = blocks.get(blockId);
    const value = Object.hasOwn(valid, blockId) ? valid[blockId] : undefined;
    if (
      block &&
      'required' in block &&
      block.required &&
      !errors.has(blockId) &&
      (value === undefined || value === false)
    ) {
      errors.set(blockId, { blockId, code: 'required' });
    }
  }

  const onPage = options.page && definition.pages.find((page) => page.id === options.page);
  // In the form's order, so the first error is the first field to fix.
  const order = [...blocks.keys()];
  const found = [...errors.values()]
    .sort((a, b) => order.indexOf(a.blockId) - order.indexOf(b.blockId))
    .filter(
      (error) =>
        !onPage ||
        (error.code !== 'not_visible' &&
          error.code !== 'unknown_block' &&
          onPage.blocks.some((block) => block.id === error.blockId)),
    );
  if (found.length) return { ok: false, errors: found };
  // The answers that count, and a consent the visitor saw and left unticked (evaluate skips it).
  const cleaned: Answers = { ...evaluation.answers };
  for (const blockId of shown) if (valid[blockId] === false) cleaned[blockId] = false;
  return { ok: true, cleaned, score: evaluation.score, ending: evaluation.ending.id };
}
