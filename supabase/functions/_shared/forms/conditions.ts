/**
 * Conditions over answers and the score, and the operators each block kind supports. An unanswered
 * block equals nothing and contains nothing: `not_equals` and `not_contains` hold for it.
 */
import type { AnswerValue, BlockKind, ChoiceAnswer, Condition, Operator, When } from './definition.ts';

const ANSWERED: Operator[] = ['is_answered', 'is_not_answered'];
const EQUALITY: Operator[] = ['equals', 'not_equals'];
const ORDER: Operator[] = [...EQUALITY, 'greater_than', 'less_than'];
const TEXT: Operator[] = [...EQUALITY, 'contains', 'not_contains', ...ANSWERED];
const NUMBER: Operator[] = [...ORDER, ...ANSWERED];
const SINGLE: Operator[] = [...EQUALITY, ...ANSWERED];

/** What a condition may ask of each kind; `score` is the running score. */
export const OPERATORS: Record<Exclude<BlockKind, 'statement'> | 'score', Operator[]> = {
  short_text: TEXT,
  long_text: TEXT,
  email: TEXT,
  phone: TEXT,
  hidden: TEXT,
  number: NUMBER,
  rating: NUMBER,
  nps: NUMBER,
  date: NUMBER,
  single_choice: SINGLE,
  dropdown: SINGLE,
  multiple_choice: ['contains', 'not_contains', ...ANSWERED],
  consent: ANSWERED,
  file: ANSWERED,
  score: ORDER,
};

const isChoiceAnswer = (value: unknown): value is ChoiceAnswer =>
  typeof value === 'object' && value !== null && Array.isArray((value as ChoiceAnswer).choices);

/** An answer worth keeping: not blank, not an empty pick, not an unticked box. */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  if (isChoiceAnswer(value)) return value.choices.length > 0;
  return value === true;
}

const fold = (value: unknown) => String(value).trim().toLowerCase();

function matches(operator: Operator, answer: AnswerValue, expected: Condition['value']): boolean {
  if (isChoiceAnswer(answer)) return answer.choices.includes(String(expected));
  if (typeof answer === 'number') {
    const target = Number(expected);
    if (operator === 'greater_than') return answer > target;
    if (operator === 'less_than') return answer < target;
    return answer === target;
  }
  // Text compares without case; dates (yyyy-mm-dd) order as strings.
  if (operator === 'greater_than') return String(answer) > String(expected);
  if (operator === 'less_than') return String(answer) < String(expected);
  if (operator === 'contains' || operator === 'not_contains') return fold(answer).includes(fold(expected));
  return fold(answer) === fold(expected);
}

/** Whether a condition holds for these answers (only the ones the visitor's path keeps) and score. */
export function conditionHolds(
  condition: Condition,
  answers: Record<string, AnswerValue | undefined>,
  score: number,
): boolean {
  const answer = 'score' in condition ? score : answers[condition.block];
  const answered = answer !== undefined && isAnswered(answer);
  const { operator } = condition;
  if (operator === 'is_answered') return answered;
  if (operator === 'is_not_answered') return !answered;
  const negated = operator === 'not_equals' || operator === 'not_contains';
  if (!answered) return negated;
  return matches(operator, answer, condition.value) !== negated;
}

/** A rule's `when`: no groups always holds, and so does a group without conditions. */
export function whenHolds(when: When, test: (condition: Condition) => boolean): boolean {
  const groups = when.groups.map(
    (group) =>
      group.conditions.length === 0 ||
      (group.join === 'and' ? group.conditions.every(test) : group.conditions.some(test)),
  );
  return groups.length === 0 || (when.join === 'and' ? groups.every(Boolean) : groups.some(Boolean));
}
