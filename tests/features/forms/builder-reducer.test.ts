import { builderReducer, initialBuilderState } from '@/features/forms/utils/builder-reducer';
import { toItems } from '@/features/forms/utils/items';
import { TEMPLATE_IDS, TEMPLATES } from '@/features/forms/utils/templates';
import { checkDefinition, type FormDefinition } from '@/lib/forms/engine';

const blank: FormDefinition = {
  version: 1,
  pages: [{ id: 'p_1', blocks: [] }],
  rules: [],
  endings: [{ id: 'e_takk', title: 'Takk!' }],
  defaultEnding: 'e_takk',
};

const labels = (definition: FormDefinition) =>
  definition.pages.map((page) => page.blocks.map((block) => ('label' in block ? block.label : block.id)));

describe('templates', () => {
  it.each(TEMPLATE_IDS)('%s is a definition checkDefinition finds nothing wrong with', (id) => {
    expect(checkDefinition(TEMPLATES[id])).toEqual([]);
  });
});

describe('builderReducer', () => {
  it('adds blocks with free keys, a page break, and moves a block onto the second page', () => {
    let state = initialBuilderState(blank);
    state = builderReducer(state, { type: 'add', kind: 'short_text', label: 'Navn' });
    state = builderReducer(state, { type: 'add', kind: 'short_text', label: 'Adresse' });
    state = builderReducer(state, { type: 'add-page' });
    const keys = state.present.pages[0]?.blocks.map((block) => ('key' in block ? block.key : ''));
    expect(keys).toEqual(['tekst', 'tekst_2']);
    expect(state.present.pages).toHaveLength(2);
    const adresse = state.present.pages[0]?.blocks[1]?.id ?? '';
    state = builderReducer(state, { type: 'move', id: adresse, to: toItems(state.present).length - 1 });
    expect(labels(state.present)).toEqual([['Navn'], ['Adresse']]);
  });

  it('never moves or removes the first page marker', () => {
    let state = initialBuilderState(blank);
    state = builderReducer(state, { type: 'add', kind: 'email', label: 'E-post' });
    const block = state.present.pages[0]?.blocks[0]?.id ?? '';
    expect(builderReducer(state, { type: 'remove', id: 'p_1' })).toBe(state);
    state = builderReducer(state, { type: 'move', id: block, to: 0 });
    expect(toItems(state.present)[0]).toEqual({ type: 'page', id: 'p_1' });
  });

  it('duplicates a choice block with new ids and key, and removes it again', () => {
    let state = initialBuilderState(TEMPLATES.kontakt);
    state = builderReducer(state, { type: 'duplicate', id: 'b_emne' });
    const blocks = state.present.pages[0]?.blocks ?? [];
    const at = blocks.findIndex((block) => block.id === 'b_emne');
    const copy = blocks[at + 1];
    if (copy?.kind !== 'single_choice') throw new Error('no copy');
    expect(copy.id).not.toBe('b_emne');
    expect(copy.key).toBe('emne_2');
    expect(copy.options.map((option) => option.label)).toEqual([
      'Et spørsmål',
      'Service og reparasjon',
      'Faktura',
    ]);
    expect(checkDefinition(state.present)).toEqual([]);
    state = builderReducer(state, { type: 'remove', id: copy.id });
    expect(state.present.pages).toEqual(TEMPLATES.kontakt.pages);
  });

  it('undoes and redoes, typing into one field being one step', () => {
    let state = initialBuilderState(blank);
    state = builderReducer(state, { type: 'add', kind: 'short_text', label: 'Spørsmål' });
    const id = state.present.pages[0]?.blocks[0]?.id ?? '';
    for (const label of ['N', 'Na', 'Nav', 'Navn'])
      state = builderReducer(state, { type: 'update', id, field: 'label', patch: { label } });
    expect(labels(state.present)).toEqual([['Navn']]);
    state = builderReducer(state, { type: 'undo' });
    expect(labels(state.present)).toEqual([['Spørsmål']]);
    state = builderReducer(state, { type: 'undo' });
    expect(labels(state.present)).toEqual([[]]);
    expect(builderReducer(state, { type: 'undo' })).toBe(state);
    state = builderReducer(builderReducer(state, { type: 'redo' }), { type: 'redo' });
    expect(labels(state.present)).toEqual([['Navn']]);
    state = builderReducer(state, { type: 'undo' });
    state = builderReducer(state, { type: 'add-page' });
    expect(state.future).toEqual([]);
  });
});
