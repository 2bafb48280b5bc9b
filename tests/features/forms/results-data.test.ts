import {
  answerLines,
  dropoffLines,
  filterRows,
  median,
  npsScore,
  summarize,
  type ResultRow,
} from '@/features/forms/components/results/results-data';
import type { FormDefinition } from '@/lib/forms/engine';

const definition: FormDefinition = {
  version: 1,
  pages: [
    {
      id: 'p_1',
      blocks: [
        { kind: 'statement', id: 's_intro', heading: 'Velkommen' },
        {
          kind: 'multiple_choice',
          id: 'b_arbeid',
          key: 'arbeid',
          label: 'Hva skal gjøres?',
          options: [
            { id: 'o_flis', label: 'Flislegging' },
            { id: 'o_ror', label: 'Rør' },
          ],
          other: true,
        },
        { kind: 'rating', id: 'b_fornoyd', key: 'fornoyd', label: 'Hvor fornøyd?', max: 3 },
      ],
    },
    {
      id: 'p_2',
      blocks: [
        { kind: 'number', id: 'b_areal', key: 'areal', label: 'Areal', decimals: true },
        { kind: 'hidden', id: 'b_kilde', key: 'kilde', source: 'utm_source' },
      ],
    },
  ],
  rules: [],
  endings: [{ id: 'e', title: 'Takk' }],
  defaultEnding: 'e',
};

const row = (answers: ResultRow['answers'], extra: Partial<ResultRow> = {}): ResultRow => ({
  response_id: crypto.randomUUID(),
  version: 1,
  submitted_at: '2026-11-10T12:00:00Z',
  duration_ms: null,
  score: null,
  name: null,
  email: null,
  phone: null,
  answers,
  hidden: {},
  ...extra,
});

describe('npsScore and median', () => {
  it.each([
    [[10, 9, 8, 3], 25],
    [[0, 6], -100],
    [[9, 10], 100],
    [[7, 8], 0],
  ])('NPS of %j is %i', (values, score) => expect(npsScore(values)).toBe(score));
  it('has no NPS or median without values', () => {
    expect(npsScore([])).toBeNull();
    expect(median([])).toBeNull();
  });
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('summarize', () => {
  const rows = [
    row({ b_arbeid: { choices: ['o_flis', 'other'], other: 'Maling' }, b_fornoyd: 3, b_areal: 7.5 }),
    row({ b_arbeid: { choices: ['o_flis'] }, b_fornoyd: 1 }),
    row({ b_areal: 2.5 }),
  ];
  const [choice, rating, number] = summarize(definition, rows);

  it('counts each option, «Annet» included, with shares of those who answered', () => {
    expect(choice).toMatchObject({ kind: 'choice', answered: 2 });
    expect(choice?.kind === 'choice' && choice.counts).toEqual([
      { id: 'o_flis', label: 'Flislegging', count: 2, share: 1 },
      { id: 'o_ror', label: 'Rør', count: 0, share: 0 },
      { id: 'other', label: 'Annet', count: 1, share: 0.5 },
    ]);
  });
  it('counts every step of a rating and averages it; NPS only for nps', () => {
    expect(rating).toMatchObject({ kind: 'scale', answered: 2, average: 2, nps: null });
    expect(rating?.kind === 'scale' && rating.counts.map((count) => count.count)).toEqual([1, 0, 1]);
  });
  it('averages numbers over those who answered', () => {
    expect(number).toMatchObject({ kind: 'number', answered: 2, average: 5 });
  });
});

describe('answerLines, dropoffLines and filterRows', () => {
  it('lists the answers by label in the version’s order, the hidden value by its key', () => {
    const lines = answerLines(
      definition,
      row({ b_areal: 12.5, b_arbeid: { choices: ['o_ror'] } }, { hidden: { kilde: 'facebook' } }),
    );
    expect(lines.map(({ label, value }) => [label, value])).toEqual([
      ['Hva skal gjøres?', 'Rør'],
      ['Areal', '12,5'],
      ['kilde', 'facebook'],
    ]);
  });
  it('puts the drop-off in the definition’s order with shares of the started', () => {
    const lines = dropoffLines(definition, {
      started: 10,
      completed: 4,
      pages: { p_2: 5, p_1: 10 },
      blocks: { b_areal: 5 },
    });
    expect(lines.pages).toEqual([
      { id: 'p_1', label: '1. Velkommen', sessions: 10, share: 1 },
      { id: 'p_2', label: '2. Areal', sessions: 5, share: 0.5 },
    ]);
    expect(lines.blocks.map((line) => [line.id, line.sessions])).toEqual([
      ['b_arbeid', 0],
      ['b_fornoyd', 0],
      ['b_areal', 5],
    ]);
    expect(lines.completionRate).toBe(0.4);
  });
  it('keeps Oslo days inclusive at both ends', () => {
    // 23:30 UTC on the 9th is the 10th in Oslo.
    const late = row({}, { submitted_at: '2026-11-09T23:30:00Z' });
    const filters = { from: '2026-11-10', to: '2026-11-10', version: '', search: '' };
    expect(filterRows([late], filters)).toHaveLength(1);
    expect(filterRows([late], { ...filters, from: '2026-11-11', to: '' })).toHaveLength(0);
  });
});
