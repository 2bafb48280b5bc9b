/** Small definitions for the engine's table tests: pages of blocks, rules, two endings. */
import type { Block, Condition, FormDefinition, Rule, When } from '@/lib/forms/engine';

/** One group of conditions (AND by default). */
export const when = (conditions: Condition[], join: 'and' | 'or' = 'and'): When => ({
  join: 'and',
  groups: [{ join, conditions }],
});

export const always: When = { join: 'and', groups: [] };

/** Pages p1, p2 … holding the given blocks; endings e_default and e_other. */
export function buildForm(pages: Block[][], rules: Rule[] = []): FormDefinition {
  return {
    version: 1,
    pages: pages.map((blocks, index) => ({ id: `p${index + 1}`, blocks })),
    rules,
    endings: [
      { id: 'e_default', title: 'Takk, {navn}!', text: 'Poeng: {score}' },
      { id: 'e_other', title: 'Annen slutt' },
    ],
    defaultEnding: 'e_default',
  };
}

export const text = (id: string, extra: Partial<Block> = {}) =>
  ({ kind: 'short_text', id, key: id, label: id, ...extra }) as Block;

export const choice = (
  id: string,
  kind: 'single_choice' | 'multiple_choice' | 'dropdown' = 'single_choice',
) =>
  ({
    kind,
    id,
    key: id,
    label: id,
    options: [
      { id: 'a', label: 'Alfa', points: 1 },
      { id: 'b', label: 'Beta', points: 10 },
    ],
    other: true,
  }) as Block;
