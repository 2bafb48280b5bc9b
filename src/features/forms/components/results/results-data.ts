import { nextDateKey, osloDayStart } from '@/lib/format';
import {
  blocksInOrder,
  displayValue,
  isAnswerBlock,
  isChoiceBlock,
  DEFAULT_RATING_MAX,
  OTHER_CHOICE,
  type AnswerBlock,
  type AnswerValue,
  type Answers,
  type ChoiceAnswer,
  type FormDefinition,
} from '@/lib/forms/engine';

/** One response as `form_export_rows` returns it (the fields the section uses). */
export type ResultRow = {
  response_id: string;
  version: number;
  submitted_at: string;
  duration_ms: number | null;
  score: number | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  answers: Answers;
  hidden: Record<string, string>;
};

export type FormVersion = { id: string; version: number; definition: FormDefinition };

export type Count = { id: string; label: string; count: number; share: number };

export type QuestionSummary =
  | { kind: 'choice'; block: AnswerBlock; answered: number; counts: Count[] }
  | {
      kind: 'scale';
      block: AnswerBlock;
      answered: number;
      counts: Count[];
      average: number;
      nps: number | null;
    }
  | { kind: 'number'; block: AnswerBlock; answered: number; average: number | null }
  | { kind: 'text'; block: AnswerBlock; answered: number; latest: { at: string; text: string }[] };

const LATEST_TEXTS = 5;
const share = (count: number, of: number) => (of === 0 ? 0 : count / of);

/** A label's piped answers (`{navn}`) stand for any respondent's, so a summary shows «…» there. */
export const questionLabel = (label: string) => label.replace(/\{[a-z][a-z0-9_]*\}/g, '…');

/** NPS: the share of promoters (9–10) less the share of detractors (0–6), from −100 to 100. */
export function npsScore(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const promoters = values.filter((value) => value >= 9).length;
  const detractors = values.filter((value) => value <= 6).length;
  return Math.round(((promoters - detractors) / values.length) * 100);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Per question of the definition (its blocks' ids are stable across versions, so a response of an
 * older version counts where its question still exists): counts and shares of choices and scales,
 * the NPS score, averages of numbers and the latest texts. `rows` newest first.
 */
export function summarize(definition: FormDefinition, rows: readonly ResultRow[]): QuestionSummary[] {
  const summaries: QuestionSummary[] = [];
  for (const { block } of blocksInOrder(definition)) {
    if (!isAnswerBlock(block) || block.kind === 'file' || block.kind === 'consent') continue;
    const values = rows
      .map((row) => ({ at: row.submitted_at, value: row.answers[block.id] }))
      .filter((entry): entry is { at: string; value: AnswerValue } => entry.value !== undefined);
    const answered = values.length;
    if (isChoiceBlock(block)) {
      const tally = new Map<string, number>();
      for (const { value } of values) {
        for (const id of (value as ChoiceAnswer).choices ?? []) tally.set(id, (tally.get(id) ?? 0) + 1);
      }
      const options = [...block.options.map((option) => ({ id: option.id, label: option.label }))];
      if (block.other) options.push({ id: OTHER_CHOICE, label: 'Annet' });
      const counts = options.map((option) => {
        const count = tally.get(option.id) ?? 0;
        return { ...option, count, share: share(count, answered) };
      });
      summaries.push({ kind: 'choice', block, answered, counts });
    } else if (block.kind === 'rating' || block.kind === 'nps') {
      const numbers = values.map(({ value }) => Number(value));
      const [low, high] = block.kind === 'nps' ? [0, 10] : [1, block.max ?? DEFAULT_RATING_MAX];
      const counts: Count[] = [];
      for (let step = low; step <= high; step += 1) {
        const count = numbers.filter((number) => number === step).length;
        counts.push({ id: String(step), label: String(step), count, share: share(count, answered) });
      }
      const average = answered ? numbers.reduce((sum, number) => sum + number, 0) / answered : 0;
      summaries.push({
        kind: 'scale',
        block,
        answered,
        counts,
        average,
        nps: block.kind === 'nps' ? npsScore(numbers) : null,
      });
    } else if (block.kind === 'number') {
      const numbers = values.map(({ value }) => Number(value));
      const average = answered ? numbers.reduce((sum, number) => sum + number, 0) / answered : null;
      summaries.push({ kind: 'number', block, answered, average });
    } else {
      const latest = values
        .slice(0, LATEST_TEXTS)
        .map(({ at, value }) => ({ at, text: displayValue(block, value) }));
      summaries.push({ kind: 'text', block, answered, latest });
    }
  }
  return summaries;
}

export type DropoffFigures = {
  started: number;
  completed: number;
  pages: Record<string, number>;
  blocks: Record<string, number>;
};

export type DropoffLine = { id: string; label: string; sessions: number; share: number };

/**
 * `form_dropoff`'s counts in the definition's order: each page (named by its first question or
 * heading) and each question, with the share of the sessions that started.
 */
export function dropoffLines(definition: FormDefinition, figures: DropoffFigures) {
  const pages: DropoffLine[] = definition.pages.map((page, index) => {
    const first = page.blocks.find((block) => block.kind !== 'hidden');
    const name = first ? questionLabel(('label' in first ? first.label : first.heading) ?? '') : '';
    const sessions = figures.pages[page.id] ?? 0;
    return {
      id: page.id,
      label: `${index + 1}. ${name}`.trim(),
      sessions,
      share: share(sessions, figures.started),
    };
  });
  const blocks: DropoffLine[] = blocksInOrder(definition)
    .map(({ block }) => block)
    .filter(isAnswerBlock)
    .map((block) => {
      const sessions = figures.blocks[block.id] ?? 0;
      return {
        id: block.id,
        label: questionLabel(block.label),
        sessions,
        share: share(sessions, figures.started),
      };
    });
  return { pages, blocks, completionRate: figures.started ? figures.completed / figures.started : null };
}

/**
 * A response's answers by its own version's labels, in that version's order (hidden values too); a
 * file answer as its count, with the upload ids for the screen to link.
 */
export function answerLines(definition: FormDefinition, row: ResultRow) {
  const lines: { id: string; label: string; value: string; uploadIds?: string[] }[] = [];
  for (const { block } of blocksInOrder(definition)) {
    if (block.kind === 'statement') continue;
    if (block.kind === 'hidden') {
      const value = row.answers[block.id] ?? row.hidden[block.key];
      if (typeof value === 'string') lines.push({ id: block.id, label: block.key, value });
      continue;
    }
    const value = row.answers[block.id];
    if (value === undefined) continue;
    if (block.kind === 'file') {
      const uploadIds = value as string[];
      lines.push({ id: block.id, label: block.label, value: String(uploadIds.length), uploadIds });
      continue;
    }
    lines.push({ id: block.id, label: block.label, value: displayValue(block, value) });
  }
  return lines;
}

export type ResultFilters = { from: string; to: string; version: string; search: string };

// Each row's searchable text, made once per row: a search at 10 000 responses stays immediate.
const haystacks = new WeakMap<ResultRow, string>();
const haystackOf = (row: ResultRow) => {
  let text = haystacks.get(row);
  if (text === undefined) {
    text = [row.name, row.email, row.phone, JSON.stringify(row.answers)].join(' ').toLowerCase();
    haystacks.set(row, text);
  }
  return text;
};

/** The rows a filter keeps: Oslo days from/to (inclusive), a version, text in any answer or contact. */
export function filterRows(rows: readonly ResultRow[], filters: ResultFilters): ResultRow[] {
  const needle = filters.search.trim().toLowerCase();
  const from = filters.from ? osloDayStart(filters.from).getTime() : -Infinity;
  const before = filters.to ? osloDayStart(nextDateKey(filters.to)).getTime() : Infinity;
  return rows.filter((row) => {
    if (filters.version && String(row.version) !== filters.version) return false;
    const at = Date.parse(row.submitted_at);
    if (at < from || at >= before) return false;
    return !needle || haystackOf(row).includes(needle);
  });
}
