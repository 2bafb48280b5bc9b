import type { Block } from '@/lib/forms/engine';

/** What the builder calls a block: its label, a statement's heading, a hidden field's key. */
export function blockName(block: Block, untitled: string): string {
  const name = block.kind === 'statement' ? block.heading : block.kind === 'hidden' ? block.key : block.label;
  const trimmed = name?.trim() ?? '';
  return trimmed === '' ? untitled : trimmed;
}
