import {
  type AnswerValue,
  conditionHolds,
  type Condition,
  isAnswered,
  type Operator,
  whenHolds,
} from '@/lib/forms/engine';

type Row = [
  kind: string,
  answer: AnswerValue | undefined,
  operator: Operator,
  value: Condition['value'],
  holds: boolean,
];

// Each kind's answers as evaluate keeps them; undefined is an unanswered block.
const rows: Row[] = [
  ['short_text', 'Bergen', 'equals', 'bergen', true],
  ['short_text', ' Bergen ', 'equals', 'Oslo', false],
  ['short_text', 'Bergen', 'not_equals', 'Oslo', true],
  ['short_text', 'Bergen', 'not_equals', 'BERGEN', false],
  ['short_text', 'Lekkasje under vasken', 'contains', 'VASK', true],
  ['short_text', 'Lekkasje under vasken', 'contains', 'bad', false],
  ['long_text', 'Lekkasje under vasken', 'not_contains', 'bad', true],
  ['long_text', 'Lekkasje under vasken', 'not_contains', 'lekk', false],
  ['short_text', undefined, 'equals', 'Bergen', false],
  ['short_text', undefined, 'not_equals', 'Bergen', true],
  ['short_text', undefined, 'contains', 'B', false],
  ['short_text', undefined, 'not_contains', 'B', true],
  ['short_text', 'Bergen', 'is_answered', undefined, true],
  ['short_text', '   ', 'is_answered', undefined, false],
  ['short_text', undefined, 'is_not_answered', undefined, true],
  ['email', 'kari@firma.no', 'contains', '@firma.no', true],
  ['phone', '+4791234567', 'equals', '+4791234567', true],
  ['number', 12, 'equals', 12, true],
  ['number', 12, 'not_equals', 12, false],
  ['number', 12, 'greater_than', 10, true],
  ['number', 10, 'greater_than', 10, false],
  ['number', 9.5, 'less_than', 10, true],
  ['number', 0, 'is_answered', undefined, true],
  ['number', undefined, 'greater_than', -1, false],
  ['number', undefined, 'less_than', 1, false],
  ['rating', 4, 'greater_than', 3, true],
  ['nps', 6, 'less_than', 7, true],
  ['nps', 9, 'less_than', 7, false],
  ['date', '2026-12-24', 'greater_than', '2026-12-01', true],
  ['date', '2026-12-24', 'less_than', '2026-12-01', false],
  ['date', '2026-12-24', 'equals', '2026-12-24', true],
  ['single_choice', { choices: ['o_bad'] }, 'equals', 'o_bad', true],
  ['single_choice', { choices: ['o_bad'] }, 'equals', 'o_kjokken', false],
  ['dropdown', { choices: ['o_bad'] }, 'not_equals', 'o_kjokken', true],
  ['dropdown', undefined, 'not_equals', 'o_kjokken', true],
  ['single_choice', { choices: ['other'], other: 'Garasje' }, 'equals', 'other', true],
  ['multiple_choice', { choices: ['o_fliser', 'o_dusj'] }, 'contains', 'o_dusj', true],
  ['multiple_choice', { choices: ['o_fliser'] }, 'contains', 'o_dusj', false],
  ['multiple_choice', { choices: ['o_fliser'] }, 'not_contains', 'o_dusj', true],
  ['multiple_choice', { choices: [] }, 'is_answered', undefined, false],
  ['consent', true, 'is_answered', undefined, true],
  ['consent', false, 'is_answered', undefined, false],
  ['consent', false, 'is_not_answered', undefined, true],
  ['file', ['6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b'], 'is_answered', undefined, true],
  ['file', [], 'is_not_answered', undefined, true],
  ['hidden', 'facebook', 'equals', 'Facebook', true],
];

describe('conditionHolds per operator and block kind', () => {
  it.each(rows)('%s %j %s %j → %s', (_kind, answer, operator, value, holds) => {
    const condition = { block: 'b', operator, value };
    expect(conditionHolds(condition, { b: answer }, 0)).toBe(holds);
  });

  it.each([
    ['greater_than', 10, 11, true],
    ['greater_than', 10, 10, false],
    ['less_than', 10, 9, true],
    ['equals', 0, 0, true],
    ['not_equals', 0, 3, true],
  ] as const)('score %s %d with %d → %s', (operator, value, score, holds) => {
    expect(conditionHolds({ score: true, operator, value }, {}, score)).toBe(holds);
  });
});

describe('whenHolds: groups of conditions', () => {
  const yes: Condition = { block: 'yes', operator: 'is_answered' };
  const no: Condition = { block: 'no', operator: 'is_answered' };
  const test = (condition: Condition) => condition === yes;

  it.each([
    ['and of [yes, no]', 'and', [['and', [yes, no]]], false],
    ['and of [yes, yes]', 'and', [['and', [yes, yes]]], true],
    ['or of [no, yes]', 'and', [['or', [no, yes]]], true],
    ['or of [no, no]', 'and', [['or', [no, no]]], false],
    [
      '(yes) and (no)',
      'and',
      [
        ['and', [yes]],
        ['and', [no]],
      ],
      false,
    ],
    [
      '(yes) or (no)',
      'or',
      [
        ['and', [yes]],
        ['and', [no]],
      ],
      true,
    ],
    [
      '(no or yes) and (yes and yes)',
      'and',
      [
        ['or', [no, yes]],
        ['and', [yes, yes]],
      ],
      true,
    ],
    [
      '(no) or (no and yes)',
      'or',
      [
        ['and', [no]],
        ['and', [no, yes]],
      ],
      false,
    ],
    ['no groups: always', 'and', [], true],
    ['an empty group holds', 'or', [['or', []]], true],
  ] as const)('%s → %s', (_name, join, groups, holds) => {
    const when = {
      join,
      groups: groups.map(([groupJoin, conditions]) => ({ join: groupJoin, conditions: [...conditions] })),
    };
    expect(whenHolds(when, test)).toBe(holds);
  });
});

describe('isAnswered', () => {
  it.each([
    ['', false],
    [' x ', true],
    [0, true],
    [Number.NaN, false],
    [[], false],
    [{ choices: [] }, false],
    [{ choices: ['a'] }, true],
    [false, false],
    [true, true],
  ] as const)('%j → %s', (value, answered) => {
    expect(isAnswered(value as AnswerValue)).toBe(answered);
  });
});
