import type { Block, BlockKind, FormDefinition, Page } from '@/lib/forms/engine';

/**
 * The builder edits one flat list: a page marker, then its blocks, then the next page marker (a
 * «sideskift») and so on. The first marker always stays first, so every block has a page.
 */
export type Item = { type: 'page'; id: string } | { type: 'block'; block: Block };

export const itemId = (item: Item) => (item.type === 'page' ? item.id : item.block.id);

export function toItems(definition: FormDefinition): Item[] {
  return definition.pages.flatMap((page): Item[] => [
    { type: 'page', id: page.id },
    ...page.blocks.map((block): Item => ({ type: 'block', block })),
  ]);
}

export function toPages(items: Item[]): Page[] {
  const pages: Page[] = [];
  for (const item of items) {
    if (item.type === 'page') pages.push({ id: item.id, blocks: [] });
    else pages.at(-1)?.blocks.push(item.block);
  }
  return pages;
}

/** A short random id the definition's id rule accepts. */
export const newId = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;

/** The first free `<base>`, `<base>_2`, … among the form's keys. */
export function freeKey(definition: FormDefinition, base: string): string {
  const taken = new Set(
    definition.pages.flatMap((page) => page.blocks.map((block) => ('key' in block ? block.key : ''))),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}_${n}`)) n += 1;
  return `${base}_${n}`;
}

const KEY_BASE: Record<BlockKind, string> = {
  short_text: 'tekst',
  long_text: 'tekst',
  email: 'epost',
  phone: 'telefon',
  number: 'tall',
  single_choice: 'valg',
  multiple_choice: 'valg',
  dropdown: 'valg',
  rating: 'vurdering',
  nps: 'nps',
  date: 'dato',
  file: 'fil',
  consent: 'samtykke',
  hidden: 'skjult',
  statement: '',
};

/** A new block of `kind` with its defaults; `label` is the kind's name, for the organizer to change. */
export function newBlock(definition: FormDefinition, kind: BlockKind, label: string): Block {
  const id = newId('b');
  if (kind === 'statement') return { kind, id: newId('s'), heading: label };
  const key = freeKey(definition, KEY_BASE[kind]);
  switch (kind) {
    case 'hidden':
      return { kind, id, key, source: 'utm_source' };
    case 'single_choice':
    case 'multiple_choice':
    case 'dropdown':
      return {
        kind,
        id,
        key,
        label,
        options: [
          { id: newId('o'), label: 'Alternativ 1' },
          { id: newId('o'), label: 'Alternativ 2' },
        ],
      };
    case 'consent':
      return { kind, id, key, label, consent: 'marketing' };
    default:
      return { kind, id, key, label };
  }
}
