import { type AnswerError, type Block, validateAnswers } from '@/lib/forms/engine';
import { phoneCases, PHOTO_ID, quoteForm, quoteValidationCases } from '../../fixtures/forms/cases';
import { buildForm, choice, text } from './build-form';

const codes = (result: ReturnType<typeof validateAnswers>) =>
  result.ok ? [] : result.errors.map((error) => `${error.blockId}:${error.code}`);

describe('validateAnswers: the example «Tilbudsforespørsel»', () => {
  it.each(quoteValidationCases)('$name', ({ answers, hidden, errors, cleaned }) => {
    const result = validateAnswers(quoteForm, answers, hidden);
    expect(codes(result)).toEqual(errors);
    if (cleaned) expect(result).toEqual({ ok: true, cleaned, score: 4, ending: 'e_bad' });
  });

  it('checks one page only for the public form’s «Neste»', () => {
    const answers = { b_hva: 'o_kjokken', b_areal: 12, b_epost: 'feil' };
    expect(codes(validateAnswers(quoteForm, answers, {}, { page: 'p_jobb' }))).toEqual([
      'b_nar:required',
      'b_postnummer:required',
    ]);
    expect(codes(validateAnswers(quoteForm, answers, {}, { page: 'p_kontakt' }))).toEqual([
      'b_navn:required',
      'b_epost:invalid_email',
      'b_telefon:required',
    ]);
  });
});

describe('validateAnswers: phone numbers', () => {
  it.each(phoneCases)('%j → %j', (typed, stored) => {
    const form = buildForm([[{ kind: 'phone', id: 'tlf', key: 'tlf', label: 'Telefon' }]]);
    const result = validateAnswers(form, { tlf: typed });
    expect(result.ok ? result.cleaned.tlf : null).toBe(stored);
    if (!result.ok) expect(result.errors).toEqual([{ blockId: 'tlf', code: 'invalid_phone' }]);
  });
});

const block = (fields: Partial<Block> & Pick<Block, 'kind'>) =>
  ({ id: 'x', key: 'x', label: 'x', ...fields }) as Block;

describe('validateAnswers: each code', () => {
  const rows: [name: string, block: Block, answer: unknown, error: Omit<AnswerError, 'blockId'> | null][] = [
    ['required text', block({ kind: 'short_text', required: true }), '  ', { code: 'required' }],
    [
      'required consent left unticked',
      block({ kind: 'consent', consent: 'participation', required: true }),
      false,
      { code: 'required' },
    ],
    ['short text over 500', block({ kind: 'short_text' }), 'a'.repeat(501), { code: 'too_long', max: '500' }],
    ['short text of 500', block({ kind: 'short_text' }), 'a'.repeat(500), null],
    [
      'long text over 5000',
      block({ kind: 'long_text' }),
      'a'.repeat(5001),
      { code: 'too_long', max: '5\u00a0000' },
    ],
    [
      'text over its own limit',
      block({ kind: 'short_text', maxLength: 4 }),
      '50031',
      { code: 'too_long', max: '4' },
    ],
    ['a text for a number', block({ kind: 'short_text' }), 5, { code: 'wrong_type' }],
    ['e-mail', block({ kind: 'email' }), 'kari@firma', null],
    ['not an e-mail', block({ kind: 'email' }), 'kari firma.no', { code: 'invalid_email' }],
    ['not a phone', block({ kind: 'phone' }), '123', { code: 'invalid_phone' }],
    ['a typed number with a comma', block({ kind: 'number', decimals: true }), '1 234,5', null],
    ['not a number', block({ kind: 'number' }), '12 kr', { code: 'not_a_number' }],
    ['decimals where whole numbers are asked', block({ kind: 'number' }), 2.5, { code: 'not_whole_number' }],
    [
      'a number below its range',
      block({ kind: 'number', min: 1, max: 100 }),
      0,
      { code: 'out_of_range', min: '1', max: '100' },
    ],
    [
      'a number over its only limit',
      block({ kind: 'number', max: 1000 }),
      1001,
      { code: 'out_of_range', max: '1\u00a0000' },
    ],
    [
      'rating over its maximum',
      block({ kind: 'rating', max: 3 }),
      4,
      { code: 'out_of_range', min: '1', max: '3' },
    ],
    ['rating of 5 by default', block({ kind: 'rating' }), 5, null],
    ['rating between steps', block({ kind: 'rating' }), 2.5, { code: 'out_of_range', min: '1', max: '5' }],
    ['nps of 0', block({ kind: 'nps' }), 0, null],
    ['nps of 11', block({ kind: 'nps' }), 11, { code: 'out_of_range', min: '0', max: '10' }],
    ['an unknown option', choice('x'), 'c', { code: 'unknown_option' }],
    [
      '«Annet» on a block without it',
      { ...choice('x'), other: false } as Block,
      { choices: ['other'], other: 'y' },
      { code: 'unknown_option' },
    ],
    ['«Annet» without its text', choice('x'), { choices: ['other'], other: ' ' }, { code: 'other_required' }],
    [
      'two picks of a single choice',
      choice('x'),
      { choices: ['a', 'b'] },
      { code: 'too_many_choices', max: '1' },
    ],
    [
      'picks over the maximum',
      { ...choice('x', 'multiple_choice'), maxChoices: 1 } as Block,
      ['a', 'b'],
      { code: 'too_many_choices', max: '1' },
    ],
    [
      'picks under the minimum',
      { ...choice('x', 'multiple_choice'), minChoices: 2 } as Block,
      ['a'],
      { code: 'too_few_choices', min: '2' },
    ],
    ['a choice of the wrong shape', choice('x', 'dropdown'), { choices: [1] }, { code: 'wrong_type' }],
    ['no such day', block({ kind: 'date' }), '2026-02-30', { code: 'invalid_date' }],
    ['a Norwegian date instead of ISO', block({ kind: 'date' }), '24.12.2026', { code: 'invalid_date' }],
    [
      'a date before its range',
      block({ kind: 'date', min: '2026-12-01' }),
      '2026-11-30',
      { code: 'out_of_range', min: '01.12.2026' },
    ],
    [
      'files over the maximum',
      block({ kind: 'file', maxFiles: 1 }),
      [PHOTO_ID, PHOTO_ID.replace('6f', '7f')],
      { code: 'too_many_files', max: '1' },
    ],
    ['the same file twice counts once', block({ kind: 'file' }), [PHOTO_ID, PHOTO_ID], null],
    [
      'a file that is not an upload id',
      block({ kind: 'file' }),
      ['../../etc/passwd'],
      { code: 'wrong_type' },
    ],
    ['consent as text', block({ kind: 'consent', consent: 'marketing' }), 'ja', { code: 'wrong_type' }],
  ];

  it.each(rows)('%s', (_name, subject, answer, error) => {
    const result = validateAnswers(buildForm([[subject]]), { x: answer });
    expect(result.ok ? null : result.errors).toEqual(error ? [{ blockId: 'x', ...error }] : null);
  });

  it('refuses an answer to a block hidden on the visitor’s path', () => {
    const form = buildForm(
      [[choice('q'), text('secret', { hidden: true })]],
      [
        {
          id: 'r',
          action: 'show',
          block: 'secret',
          when: {
            join: 'and',
            groups: [{ join: 'and', conditions: [{ block: 'q', operator: 'equals', value: 'b' }] }],
          },
        },
      ],
    );
    expect(codes(validateAnswers(form, { q: 'a', secret: 'x' }))).toEqual(['secret:not_visible']);
    expect(codes(validateAnswers(form, { q: 'b', secret: 'x' }))).toEqual([]);
    // The same answer is not the visitor's to give when the condition's own answer is invalid.
    expect(codes(validateAnswers(form, { q: 'zzz', secret: 'x' }))).toEqual([
      'q:unknown_option',
      'secret:not_visible',
    ]);
  });

  it('asks for a required block whatever its id is called', () => {
    const form = buildForm([[text('constructor', { key: 'c', required: true })]]);
    expect(codes(validateAnswers(form, {}))).toEqual(['constructor:required']);
    expect(codes(validateAnswers(form, { constructor: 'x' }))).toEqual([]);
  });

  it.each([null, 'tekst', [1, 2]])('refuses answers that are not an object: %j', (answers) => {
    expect(codes(validateAnswers(buildForm([[text('t')]]), answers))).toEqual([':wrong_type']);
  });

  it('keeps only string query values, trimmed and cut to 500 characters', () => {
    const form = buildForm([[text('t'), { kind: 'hidden', id: 'h', key: 'h', source: 'utm_source' }]]);
    const result = validateAnswers(form, {}, { utm_source: ` ${'a'.repeat(600)} ` });
    expect(result.ok && result.cleaned).toEqual({ h: 'a'.repeat(500) });
    expect(validateAnswers(form, {}, { utm_source: 5 })).toMatchObject({ ok: true, cleaned: {} });
  });
});
