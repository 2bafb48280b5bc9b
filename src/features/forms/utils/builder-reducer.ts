import type { Block, BlockKind, FormDefinition } from '@/lib/forms/engine';
import { itemId, newBlock, newId, toItems, toPages, freeKey, type Item } from './items';

/** The builder's document with its history: undo steps back through `past`, redo through `future`. */
export interface BuilderState {
  past: FormDefinition[];
  present: FormDefinition;
  future: FormDefinition[];
  /** The last change's coalescing key: typing into one field is one undo step, not one per letter. */
  lastKey: string | null;
}

export type BuilderAction =
  | { type: 'load'; definition: FormDefinition }
  | { type: 'add'; kind: BlockKind; label: string }
  | { type: 'add-page' }
  | { type: 'update'; id: string; patch: Partial<Block>; field: string }
  | { type: 'remove'; id: string }
  | { type: 'duplicate'; id: string }
  | { type: 'move'; id: string; to: number }
  | { type: 'replace'; definition: FormDefinition; field?: string }
  | { type: 'undo' }
  | { type: 'redo' };

/** Past steps kept; the oldest go first. */
const HISTORY = 100;

export const initialBuilderState = (definition: FormDefinition): BuilderState => ({
  past: [],
  present: definition,
  future: [],
  lastKey: null,
});

const withItems = (definition: FormDefinition, items: Item[]): FormDefinition => ({
  ...definition,
  pages: toPages(items),
});

function edit(definition: FormDefinition, action: BuilderAction): FormDefinition {
  const items = toItems(definition);
  const index = 'id' in action ? items.findIndex((item) => itemId(item) === action.id) : -1;
  switch (action.type) {
    case 'add':
      return withItems(definition, [
        ...items,
        { type: 'block', block: newBlock(definition, action.kind, action.label) },
      ]);
    case 'add-page':
      return withItems(definition, [...items, { type: 'page', id: newId('p') }]);
    case 'update': {
      const item = items[index];
      if (item?.type !== 'block') return definition;
      items[index] = { type: 'block', block: { ...item.block, ...action.patch } as Block };
      return withItems(definition, items);
    }
    case 'remove':
      // The first page marker stays: it is the page every block before the first break is on.
      if (index <= 0) return definition;
      return withItems(
        definition,
        items.filter((_, at) => at !== index),
      );
    case 'duplicate': {
      const item = items[index];
      if (item?.type !== 'block') return definition;
      const copy = structuredClone(item.block);
      copy.id = newId(copy.kind === 'statement' ? 's' : 'b');
      if ('key' in copy) copy.key = freeKey(definition, copy.key);
      if ('options' in copy) copy.options = copy.options.map((option) => ({ ...option, id: newId('o') }));
      items.splice(index + 1, 0, { type: 'block', block: copy });
      return withItems(definition, items);
    }
    case 'move': {
      if (index <= 0) return definition;
      const to = Math.min(Math.max(action.to, 1), items.length - 1);
      const [moved] = items.splice(index, 1);
      if (!moved) return definition;
      items.splice(to, 0, moved);
      return withItems(definition, items);
    }
    case 'replace':
      return action.definition;
    default:
      return definition;
  }
}

/** A pure reducer over the definition with undo/redo; every change but a load is one undo step. */
export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'load':
      return initialBuilderState(action.definition);
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        lastKey: null,
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future: rest, lastKey: null };
    }
    default: {
      const present = edit(state.present, action);
      if (present === state.present) return state;
      const key =
        action.type === 'update'
          ? `${action.id}:${action.field}`
          : action.type === 'replace'
            ? (action.field ?? null)
            : null;
      if (key !== null && key === state.lastKey) return { ...state, present, future: [], lastKey: key };
      return { past: [...state.past, state.present].slice(-HISTORY), present, future: [], lastKey: key };
    }
  }
}
