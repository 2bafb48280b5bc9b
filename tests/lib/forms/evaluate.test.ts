import { type Answers, displayValue, evaluate, nextPage, previousPage, type Rule } from '@/lib/forms/engine';
import { contactForm, quoteForm, quotePathCases } from '../../fixtures/forms/cases';
import { always, buildForm, choice, text, when } from './build-form';

describe('evaluate: the example «Tilbudsforespørsel»', () => {
  it.each(quotePathCases)('$name', ({ answers, hidden, path, ending, score, text: endingText }) => {
    const result = evaluate(quoteForm, answers, hidden);
    expect(result.path).toEqual(path);
    expect(result.ending.id).toBe(ending);
    expect(result.score).toBe(score);
    if (endingText !== undefined) expect(result.ending.text).toBe(endingText);
  });

  it('shows the bathroom page only on the bathroom path, and no hidden-value block anywhere', () => {
    const result = evaluate(quoteForm, { b_hva: { choices: ['o_bad'] } });
    expect(result.visible).toEqual({
      p_jobb: ['s_intro', 'b_hva', 'b_nar', 'b_postnummer'],
      p_bad: ['s_bad', 'b_areal', 'b_arbeid', 'b_bilder'],
      p_kontakt: ['b_navn', 'b_epost', 'b_telefon', 'b_befaring', 'b_markedsforing'],
    });
  });

  it('pipes «Takk, {navn}!» into the ending and a label, and keeps the query values', () => {
    const result = evaluate(quoteForm, { b_navn: 'Kari' }, { utm_source: 'facebook', other: 'x' });
    expect(result.ending.title).toBe('Takk, Kari!');
    expect(result.texts.b_befaring).toEqual({ label: 'Når passer det med befaring, Kari?' });
    expect(result.answers).toEqual({ b_navn: 'Kari', b_kilde: 'facebook' });
  });
});

describe('evaluate: «Kontakt oss» shows «Fakturanummer» for invoices only', () => {
  it.each([
    [{ choices: ['o_faktura'] }, true],
    [{ choices: ['o_service'] }, false],
    [undefined, false],
  ])('subject %j → shown %s', (subject, shown) => {
    const result = evaluate(contactForm, subject ? { b_emne: subject } : {});
    expect(result.visible.p_kontakt?.includes('b_fakturanummer')).toBe(shown);
  });
});

describe('evaluate: visibility rules', () => {
  const hiddenUntilA = buildForm(
    [[choice('q'), text('later', { hidden: true }), text('gone')]],
    [
      {
        id: 'show',
        action: 'show',
        block: 'later',
        when: when([{ block: 'q', operator: 'equals', value: 'a' }]),
      },
      { id: 'hide', action: 'hide', block: 'gone', when: when([{ block: 'q', operator: 'is_answered' }]) },
    ],
  );

  it.each([
    [{}, ['q', 'gone']],
    [{ q: { choices: ['a'] } }, ['q', 'later']],
    [{ q: { choices: ['b'] } }, ['q']],
  ])('answers %j → visible %j', (answers, visible) => {
    expect(evaluate(hiddenUntilA, answers).visible.p1).toEqual(visible);
  });

  it('lets the last matching rule win', () => {
    const form = buildForm(
      [[choice('q'), text('t')]],
      [
        { id: 'r1', action: 'hide', block: 't', when: always },
        {
          id: 'r2',
          action: 'show',
          block: 't',
          when: when([{ block: 'q', operator: 'equals', value: 'b' }]),
        },
      ],
    );
    expect(evaluate(form, {}).visible.p1).toEqual(['q']);
    expect(evaluate(form, { q: { choices: ['b'] } }).visible.p1).toEqual(['q', 't']);
  });

  it('treats an answer to a hidden block as unanswered in later conditions and the score', () => {
    const form = buildForm(
      [[text('gate'), choice('q'), text('after', { hidden: true })]],
      [
        {
          id: 'r1',
          action: 'hide',
          block: 'q',
          when: when([{ block: 'gate', operator: 'is_not_answered' }]),
        },
        { id: 'r2', action: 'show', block: 'after', when: when([{ block: 'q', operator: 'is_answered' }]) },
      ],
    );
    const result = evaluate(form, { q: { choices: ['b'] } });
    expect(result.visible.p1).toEqual(['gate']);
    expect(result.score).toBe(0);
    expect(result.answers).toEqual({});
  });
});

describe('evaluate: jumps and endings', () => {
  const pages = [[choice('q')], [text('two')], [text('three')]];
  const equalsA = when([{ block: 'q', operator: 'equals', value: 'a' }]);

  const cases: [name: string, rules: Rule[], answers: Answers, path: string[], ending: string][] = [
    ['no rule: every page, the default ending', [], {}, ['p1', 'p2', 'p3'], 'e_default'],
    [
      'a jump that holds skips a page',
      [{ id: 'j', action: 'jump', page: 'p1', to: 'p3', when: equalsA }],
      { q: { choices: ['a'] } },
      ['p1', 'p3'],
      'e_default',
    ],
    [
      'a jump that does not hold',
      [{ id: 'j', action: 'jump', page: 'p1', to: 'p3', when: equalsA }],
      { q: { choices: ['b'] } },
      ['p1', 'p2', 'p3'],
      'e_default',
    ],
    [
      'an end rule stops the path on its ending',
      [{ id: 'e', action: 'end', page: 'p2', ending: 'e_other', when: equalsA }],
      { q: { choices: ['a'] } },
      ['p1', 'p2'],
      'e_other',
    ],
    [
      'the first matching rule of a page wins',
      [
        { id: 'e', action: 'end', page: 'p1', ending: 'e_other', when: equalsA },
        { id: 'j', action: 'jump', page: 'p1', to: 'p3', when: always },
      ],
      { q: { choices: ['a'] } },
      ['p1'],
      'e_other',
    ],
    [
      'a backward jump is ignored (it could loop)',
      [{ id: 'j', action: 'jump', page: 'p2', to: 'p1', when: always }],
      {},
      ['p1', 'p2', 'p3'],
      'e_default',
    ],
    [
      'a jump to an unknown page or an end on an unknown ending is ignored',
      [
        { id: 'j', action: 'jump', page: 'p1', to: 'p9', when: always },
        { id: 'e', action: 'end', page: 'p1', ending: 'e9', when: always },
      ],
      {},
      ['p1', 'p2', 'p3'],
      'e_default',
    ],
    [
      'the score decides at the page end',
      [
        {
          id: 'e',
          action: 'end',
          page: 'p1',
          ending: 'e_other',
          when: when([{ score: true, operator: 'greater_than', value: 5 }]),
        },
      ],
      { q: { choices: ['b'] } },
      ['p1'],
      'e_other',
    ],
  ];

  it.each(cases)('%s', (_name, rules, answers, path, ending) => {
    const result = evaluate(buildForm(pages, rules), answers);
    expect(result.path).toEqual(path);
    expect(result.ending.id).toBe(ending);
  });

  it('walks next and previous along the path', () => {
    const form = buildForm(pages, [{ id: 'j', action: 'jump', page: 'p1', to: 'p3', when: equalsA }]);
    const answers = { q: { choices: ['a'] } };
    expect(nextPage(form, 'p1', answers)).toBe('p3');
    expect(nextPage(form, 'p3', answers)).toBeNull();
    expect(previousPage(form, 'p3', answers)).toBe('p1');
    expect(previousPage(form, 'p1', answers)).toBeNull();
    expect(nextPage(form, 'p1', {})).toBe('p2');
    expect(nextPage(form, 'p2', answers)).toBeNull();
  });
});

describe('evaluate: score', () => {
  it('sums option points and weighted numbers, ratings and nps of visible answered blocks', () => {
    const form = buildForm([
      [
        choice('single'),
        choice('multi', 'multiple_choice'),
        { kind: 'number', id: 'n', key: 'n', label: 'n', weight: 0.5, decimals: true },
        { kind: 'rating', id: 'r', key: 'r', label: 'r', weight: 2 },
        { kind: 'nps', id: 'nps', key: 'nps', label: 'nps' },
        text('hidden_number', { hidden: true }),
      ],
    ]);
    const answers = {
      single: { choices: ['a'] },
      multi: { choices: ['a', 'b', 'other'], other: 'x' },
      n: 7,
      r: 4,
      nps: 9,
    };
    expect(evaluate(form, answers).score).toBe(1 + 11 + 3.5 + 8 + 0);
    expect(evaluate(form, answers).ending.text).toBe('Poeng: 23,5');
  });

  it('ignores answers of the wrong shape', () => {
    const form = buildForm([[choice('q'), { kind: 'number', id: 'n', key: 'n', label: 'n', weight: 1 }]]);
    const result = evaluate(form, { q: 'a', n: '5' });
    expect(result.score).toBe(0);
    expect(result.answers).toEqual({});
  });
});

describe('piping', () => {
  const form = buildForm([
    [
      text('navn'),
      choice('valg', 'multiple_choice'),
      { kind: 'number', id: 'belop', key: 'belop', label: 'b', decimals: true },
      { kind: 'date', id: 'dato', key: 'dato', label: 'd' },
      { kind: 'consent', id: 'ja', key: 'ja', label: 'j', consent: 'marketing' },
      {
        kind: 'statement',
        id: 's',
        heading: 'Hei {navn}',
        text: '{valg} · {belop} · {dato} · {ja} · {ukjent} · {score} · <b>{navn}</b>',
      },
    ],
  ]);

  it('replaces keys with display values: labels, Norwegian numbers and dates, never HTML', () => {
    const answers = {
      navn: '<i>Kari</i>',
      valg: { choices: ['b', 'other'], other: 'Garasje' },
      belop: 12345.5,
      dato: '2026-12-24',
      ja: true,
    };
    expect(evaluate(form, answers).texts.s).toEqual({
      heading: 'Hei <i>Kari</i>',
      text: 'Beta, Garasje · 12\u00a0345,5 · 24.12.2026 · Ja ·  · 10 · <b><i>Kari</i></b>',
    });
  });

  it('leaves unanswered keys empty', () => {
    expect(evaluate(form, {}).texts.s?.heading).toBe('Hei ');
  });

  it('knows only the form’s own keys, not an object’s built-in names', () => {
    const named = buildForm([[{ kind: 'statement', id: 's', text: '{constructor}{tostring}{navn}' }]]);
    expect(evaluate(named, {}).texts.s?.text).toBe('');
  });

  it.each([
    [{ kind: 'consent', id: 'c', key: 'c', label: 'c', consent: 'sharing' } as const, false, 'Nei'],
    [{ kind: 'file', id: 'f', key: 'f', label: 'f' } as const, ['x'], ''],
    [{ kind: 'nps', id: 'n', key: 'n', label: 'n' } as const, 10, '10'],
  ])('displayValue(%j, %j) → %j', (block, value, shown) => {
    expect(displayValue(block, value)).toBe(shown);
  });
});

it('is deterministic: the same input gives the same result', () => {
  const answers = quotePathCases[0]?.answers ?? {};
  expect(evaluate(quoteForm, answers)).toEqual(evaluate(quoteForm, structuredClone(answers)));
});
