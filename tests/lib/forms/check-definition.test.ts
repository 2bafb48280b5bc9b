import {
  checkDefinition,
  type Condition,
  type DefinitionProblem,
  type FormDefinition,
  type Rule,
} from '@/lib/forms/engine';
import { contactForm, quoteForm } from '../../fixtures/forms/cases';
import { always, buildForm, choice, text, when } from './build-form';

const equalsA = when([{ block: 'q', operator: 'equals', value: 'a' }]);
/** Two pages and the default ending only; a row that needs «e_other» adds it. */
function twoPages(): FormDefinition {
  const form = buildForm([[choice('q'), text('t1')], [text('t2')]]);
  form.endings = form.endings.filter((ending) => ending.id === 'e_default');
  return form;
}
const other = { id: 'e_other', title: 'Annen slutt' };

function withChange(change: (form: FormDefinition) => void): FormDefinition {
  const form = twoPages();
  change(form);
  return form;
}
const withRule = (...rules: Rule[]) => withChange((form) => form.rules.push(...rules));
/** Rule `r`: show or hide a block on one condition. */
const visibility = (action: 'show' | 'hide', block: string, condition: Condition): Rule => ({
  id: 'r',
  action,
  block,
  when: when([condition]),
});

describe('checkDefinition', () => {
  it.each([
    ['Kontakt oss', contactForm],
    ['Tilbudsforespørsel', quoteForm],
  ])('finds nothing wrong with «%s»', (_name, form) => {
    expect(checkDefinition(form)).toEqual([]);
  });

  const rows: [name: string, form: FormDefinition, problems: DefinitionProblem[]][] = [
    [
      'no pages',
      withChange((form) => void (form.pages = [])),
      [{ code: 'no_pages' }, { code: 'unreachable_ending', ending: 'e_default' }],
    ],
    [
      'an empty page',
      withChange((form) => form.pages.push({ id: 'p3', blocks: [] })),
      [{ code: 'empty_page', page: 'p3' }],
    ],
    [
      'two pages with one id',
      withChange((form) => void ((form.pages[1] ?? form.pages[0])!.id = 'p1')),
      [{ code: 'duplicate_id', page: 'p1' }],
    ],
    [
      'two blocks with one id',
      withChange((form) => form.pages[1]?.blocks.push(text('t1', { key: 't1b' }))),
      [{ code: 'duplicate_id', block: 't1' }],
    ],
    [
      'two rules with one id',
      withChange((form) =>
        form.rules.push(
          { id: 'r', action: 'hide', block: 't2', when: equalsA },
          { id: 'r', action: 'hide', block: 't1', when: equalsA },
        ),
      ),
      [{ code: 'duplicate_id', rule: 'r' }],
    ],
    [
      'two endings with one id',
      withChange((form) => form.endings.push(other, other)),
      [
        { code: 'duplicate_id', ending: 'e_other' },
        { code: 'unreachable_ending', ending: 'e_other' },
        { code: 'unreachable_ending', ending: 'e_other' },
      ],
    ],
    [
      'two blocks with one key',
      withChange((form) => form.pages[1]?.blocks.push(text('t3', { key: 't1' }))),
      [{ code: 'duplicate_key', key: 't1', block: 't3' }],
    ],
    [
      'a key that is not a slug',
      withChange((form) => form.pages[1]?.blocks.push(text('t3', { key: 'Navn på deg' }))),
      [{ code: 'invalid_key', block: 't3', key: 'Navn på deg' }],
    ],
    [
      'the score’s own key',
      withChange((form) => form.pages[1]?.blocks.push(text('t3', { key: 'score' }))),
      [{ code: 'invalid_key', block: 't3', key: 'score' }],
    ],
    [
      'a choice without options',
      withChange((form) =>
        form.pages[1]?.blocks.push({ kind: 'dropdown', id: 'd', key: 'd', label: 'd', options: [] }),
      ),
      [{ code: 'no_options', block: 'd' }],
    ],
    [
      'an option without an id',
      withChange((form) =>
        form.pages[1]?.blocks.push({
          kind: 'dropdown',
          id: 'd',
          key: 'd',
          label: 'd',
          options: [
            { id: 'a', label: 'A' },
            { id: ' ', label: 'B' },
          ],
        }),
      ),
      [{ code: 'missing_option_id', block: 'd', option: '1' }],
    ],
    [
      'options with one id, and one named like «Annet»',
      withChange((form) =>
        form.pages[1]?.blocks.push({
          kind: 'single_choice',
          id: 'd',
          key: 'd',
          label: 'd',
          other: true,
          options: [
            { id: 'a', label: 'A' },
            { id: 'a', label: 'B' },
            { id: 'other', label: 'C' },
          ],
        }),
      ),
      [
        { code: 'duplicate_option_id', block: 'd', option: 'a' },
        { code: 'duplicate_option_id', block: 'd', option: 'other' },
      ],
    ],
    [
      'a rule on a block that does not exist',
      withRule({ id: 'r', action: 'show', block: 'nope', when: always }),
      [{ code: 'unknown_block', rule: 'r', block: 'nope' }],
    ],
    [
      'a condition on a block that does not exist',
      withRule(visibility('hide', 't2', { block: 'nope', operator: 'is_answered' })),
      [{ code: 'unknown_block', rule: 'r', block: 'nope' }],
    ],
    [
      'a condition on an option that does not exist',
      withRule(visibility('hide', 't2', { block: 'q', operator: 'equals', value: 'zz' })),
      [{ code: 'unknown_option', rule: 'r', block: 'q', option: 'zz' }],
    ],
    [
      'a jump to a page that does not exist',
      withRule({ id: 'r', action: 'jump', page: 'p1', to: 'p9', when: equalsA }),
      [{ code: 'unknown_page', rule: 'r', page: 'p9' }],
    ],
    [
      'a rule after a page that does not exist',
      withChange((form) => {
        form.endings.push(other);
        form.rules.push({ id: 'r', action: 'end', page: 'p9', ending: 'e_other', when: always });
      }),
      [
        { code: 'unknown_page', rule: 'r', page: 'p9' },
        { code: 'unreachable_ending', ending: 'e_other' },
      ],
    ],
    [
      'an end on an ending that does not exist',
      withRule({ id: 'r', action: 'end', page: 'p1', ending: 'e9', when: equalsA }),
      [{ code: 'unknown_ending', rule: 'r', ending: 'e9' }],
    ],
    [
      'a default ending that does not exist',
      withChange((form) => void (form.defaultEnding = 'e9')),
      [
        { code: 'unknown_ending', ending: 'e9' },
        { code: 'unreachable_ending', ending: 'e_default' },
      ],
    ],
    [
      'a jump backwards',
      withRule({ id: 'r', action: 'jump', page: 'p2', to: 'p1', when: equalsA }),
      [{ code: 'backward_jump', rule: 'r', page: 'p1' }],
    ],
    [
      'a jump to its own page',
      withRule({ id: 'r', action: 'jump', page: 'p2', to: 'p2', when: equalsA }),
      [{ code: 'backward_jump', rule: 'r', page: 'p2' }],
    ],
    [
      'a show rule on a later block of its page',
      withRule(visibility('show', 'q', { block: 't1', operator: 'is_answered' })),
      [{ code: 'condition_on_later_block', rule: 'r', block: 't1' }],
    ],
    [
      'a show rule on the block itself',
      withRule(visibility('hide', 't1', { block: 't1', operator: 'is_answered' })),
      [{ code: 'condition_on_later_block', rule: 'r', block: 't1' }],
    ],
    [
      'a jump on a later page’s block',
      withChange((form) => {
        form.endings.push(other);
        form.rules.push({
          id: 'r',
          action: 'end',
          page: 'p1',
          ending: 'e_other',
          when: when([{ block: 't2', operator: 'is_answered' }]),
        });
      }),
      [{ code: 'condition_on_later_block', rule: 'r', block: 't2' }],
    ],
    [
      'an operator the kind does not have',
      withRule(visibility('hide', 't2', { block: 'q', operator: 'greater_than', value: 3 })),
      [{ code: 'unsupported_operator', rule: 'r', block: 'q' }],
    ],
    [
      'a text value for a number',
      withChange((form) => {
        form.pages[0]?.blocks.push({ kind: 'number', id: 'n', key: 'n', label: 'n' });
        form.rules.push(visibility('hide', 't2', { block: 'n', operator: 'greater_than', value: 'ti' }));
      }),
      [{ code: 'invalid_value', rule: 'r', block: 'n' }],
    ],
    [
      'the score in a show rule',
      withRule(visibility('show', 't2', { score: true, operator: 'greater_than', value: 1 })),
      [{ code: 'score_in_visibility', rule: 'r' }],
    ],
    [
      'an ending no rule ends on',
      withChange((form) => form.endings.push(other)),
      [{ code: 'unreachable_ending', ending: 'e_other' }],
    ],
    [
      'an ending behind a page every visitor leaves first',
      withChange((form) => {
        form.endings.push(other);
        form.rules.push(
          { id: 'j', action: 'jump', page: 'p1', to: 'p2', when: always },
          { id: 'e', action: 'end', page: 'p1', ending: 'e_other', when: equalsA },
        );
      }),
      [{ code: 'unreachable_ending', ending: 'e_other' }],
    ],
    [
      'the default ending when every path ends elsewhere',
      withChange((form) => {
        form.endings.push(other);
        form.rules.push({ id: 'e', action: 'end', page: 'p2', ending: 'e_other', when: always });
      }),
      [{ code: 'unreachable_ending', ending: 'e_default' }],
    ],
    [
      'a required block hidden on every path',
      withChange((form) => form.pages[1]?.blocks.push(text('t3', { required: true, hidden: true }))),
      [{ code: 'required_never_visible', block: 't3' }],
    ],
    [
      'a required block a later rule always hides',
      withChange((form) => {
        form.pages[1]?.blocks.push(text('t3', { required: true }));
        form.rules.push(
          { id: 's', action: 'show', block: 't3', when: equalsA },
          { id: 'h', action: 'hide', block: 't3', when: always },
        );
      }),
      [{ code: 'required_never_visible', block: 't3' }],
    ],
  ];

  it.each(rows)('%s', (_name, form, problems) => {
    expect(checkDefinition(form)).toEqual(problems);
  });

  it('is fine with a required block that a rule may show, and an ending a rule may reach', () => {
    const form = buildForm(
      [[choice('q'), text('t', { required: true, hidden: true })]],
      [
        { id: 's', action: 'show', block: 't', when: equalsA },
        { id: 'e', action: 'end', page: 'p1', ending: 'e_other', when: equalsA },
      ],
    );
    expect(checkDefinition(form)).toEqual([]);
  });
});
