/**
 * The blocks of a funnel page (the `content` of a sales, offer or thank-you step and of its
 * variants): a JSON array the database checks only loosely (an array of at most 40 objects of a
 * known type, and its size), so this is the one place that knows the shape. Pure: the editor, the
 * pre-launch check and the public pages use it.
 */

export const MAX_BLOCKS = 40;
export const BLOCK_LIMITS = {
  heading: 120,
  text: 5000,
  alt: 250,
  url: 500,
  bullets: 20,
  bullet: 200,
  /** Stored up to this; the pre-launch check wants PHONE_BUTTON_CHARS so it fits a phone's width. */
  button: 80,
} as const;
/** A button wider than this wraps on a 360 px phone: the pre-launch check refuses it. */
export const PHONE_BUTTON_CHARS = 40;

export type HeadingBlock = { id: string; type: 'heading'; text: string; level: 1 | 2 };
export type TextBlock = { id: string; type: 'text'; text: string };
export type ImageBlock = { id: string; type: 'image'; mediaId: string; alt: string };
export type VideoBlock = { id: string; type: 'video'; url: string };
export type BulletsBlock = { id: string; type: 'bullets'; items: string[] };
export type ButtonBlock = { id: string; type: 'button'; text: string };
export type Block = HeadingBlock | TextBlock | ImageBlock | VideoBlock | BulletsBlock | ButtonBlock;
export type BlockType = Block['type'];

export const BLOCK_TYPES: readonly BlockType[] = ['heading', 'text', 'image', 'video', 'bullets', 'button'];

/** Why a page's blocks cannot be saved; the editor's messages are `blocks.errors.<code>`. */
export type BlockErrorCode =
  | 'not_a_list'
  | 'too_many'
  | 'unknown_type'
  | 'missing_id'
  | 'duplicate_id'
  | 'empty_text'
  | 'too_long'
  | 'heading_level'
  | 'no_image'
  | 'no_items'
  | 'too_many_items';

/** Why a page does not pass on a phone (the pre-launch check); messages `blocks.phone.<code>`. */
export type PhoneIssueCode =
  'heading_not_first' | 'image_without_alt' | 'button_too_long' | 'video_link_invalid';

export type BlockProblem<Code extends string> = {
  code: Code;
  /** The block's place (0-based) in the page, null for the page as a whole. */
  index: number | null;
  blockId: string | null;
};

export type ParsedBlocks =
  { ok: true; blocks: Block[] } | { ok: false; errors: BlockProblem<BlockErrorCode>[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The first problem of one block (the editor shows one message per block). */
function blockError(raw: Record<string, unknown>): BlockErrorCode | null {
  const tooLong = (value: string, limit: number) => value.length > limit;
  switch (raw.type) {
    case 'heading': {
      const value = text(raw.text);
      if (!value.trim()) return 'empty_text';
      if (tooLong(value, BLOCK_LIMITS.heading)) return 'too_long';
      return raw.level === 1 || raw.level === 2 ? null : 'heading_level';
    }
    case 'text': {
      const value = text(raw.text);
      if (!value.trim()) return 'empty_text';
      return tooLong(value, BLOCK_LIMITS.text) ? 'too_long' : null;
    }
    case 'image':
      if (!text(raw.mediaId)) return 'no_image';
      return tooLong(text(raw.alt), BLOCK_LIMITS.alt) ? 'too_long' : null;
    case 'video': {
      const value = text(raw.url);
      if (!value.trim()) return 'empty_text';
      return tooLong(value, BLOCK_LIMITS.url) ? 'too_long' : null;
    }
    case 'bullets': {
      const items = Array.isArray(raw.items) ? raw.items : [];
      if (!items.some((item) => text(item).trim())) return 'no_items';
      if (items.length > BLOCK_LIMITS.bullets) return 'too_many_items';
      return items.some((item) => tooLong(text(item), BLOCK_LIMITS.bullet)) ? 'too_long' : null;
    }
    case 'button': {
      const value = text(raw.text);
      if (!value.trim()) return 'empty_text';
      return tooLong(value, BLOCK_LIMITS.button) ? 'too_long' : null;
    }
    default:
      return 'unknown_type';
  }
}

/** Only the fields of the block's type (what is saved), with blank bullet lines left out. */
function cleanBlock(raw: Record<string, unknown>): Block {
  const id = text(raw.id);
  switch (raw.type) {
    case 'heading':
      return { id, type: 'heading', text: text(raw.text), level: raw.level === 1 ? 1 : 2 };
    case 'text':
      return { id, type: 'text', text: text(raw.text) };
    case 'image':
      return { id, type: 'image', mediaId: text(raw.mediaId), alt: text(raw.alt) };
    case 'video':
      return { id, type: 'video', url: text(raw.url).trim() };
    case 'bullets':
      return {
        id,
        type: 'bullets',
        items: (raw.items as unknown[]).map(text).filter((item) => item.trim()),
      };
    default:
      return { id, type: 'button', text: text(raw.text) };
  }
}

/** Reads a page's blocks (from the database or the editor): the typed list, or every problem. */
export function parseBlocks(value: unknown): ParsedBlocks {
  if (value === null || value === undefined) return { ok: true, blocks: [] };
  if (!Array.isArray(value))
    return { ok: false, errors: [{ code: 'not_a_list', index: null, blockId: null }] };
  const errors: BlockProblem<BlockErrorCode>[] = [];
  if (value.length > MAX_BLOCKS) errors.push({ code: 'too_many', index: null, blockId: null });
  const seen = new Set<string>();
  value.forEach((raw: unknown, index) => {
    if (!isRecord(raw)) {
      errors.push({ code: 'unknown_type', index, blockId: null });
      return;
    }
    const id = text(raw.id);
    const problem = !id ? 'missing_id' : seen.has(id) ? 'duplicate_id' : blockError(raw);
    seen.add(id);
    if (problem) errors.push({ code: problem, index, blockId: id || null });
  });
  if (errors.length) return { ok: false, errors };
  return { ok: true, blocks: value.map((raw) => cleanBlock(raw as Record<string, unknown>)) };
}

/** The blocks a public page can show of whatever it was given: the valid ones, in order. */
export function showableBlocks(value: unknown): Block[] {
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, MAX_BLOCKS)
    .filter(
      (raw): raw is Record<string, unknown> => isRecord(raw) && Boolean(text(raw.id)) && !blockError(raw),
    )
    .map(cleanBlock);
}

export type VideoEmbed = { provider: 'youtube' | 'vimeo'; id: string; embedUrl: string };

const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/**
 * A YouTube or Vimeo link as the privacy-friendly player address (youtube-nocookie, Vimeo's
 * «do not track»), or null for any other link.
 */
export function videoEmbed(link: string): VideoEmbed | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let youtube: string | null = null;
  if (host === 'youtu.be') youtube = parts[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') youtube = url.searchParams.get('v');
    else if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live') youtube = parts[1] ?? null;
  }
  if (youtube && YOUTUBE_ID.test(youtube)) {
    return {
      provider: 'youtube',
      id: youtube,
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}?autoplay=1`,
    };
  }
  let vimeo: string | null = null;
  if (host === 'vimeo.com') vimeo = parts.find((part) => VIMEO_ID.test(part)) ?? null;
  else if (host === 'player.vimeo.com' && parts[0] === 'video') vimeo = parts[1] ?? null;
  if (vimeo && VIMEO_ID.test(vimeo)) {
    return {
      provider: 'vimeo',
      id: vimeo,
      embedUrl: `https://player.vimeo.com/video/${vimeo}?dnt=1&autoplay=1`,
    };
  }
  return null;
}

/** What keeps a page from reading well on a phone (the pre-launch check), in page order. */
export function phoneIssues(blocks: readonly Block[]): BlockProblem<PhoneIssueCode>[] {
  const issues: BlockProblem<PhoneIssueCode>[] = [];
  const first = blocks[0];
  if (first && first.type !== 'heading')
    issues.push({ code: 'heading_not_first', index: 0, blockId: first.id });
  blocks.forEach((block, index) => {
    const at = { index, blockId: block.id };
    if (block.type === 'image' && !block.alt.trim()) issues.push({ code: 'image_without_alt', ...at });
    if (block.type === 'button' && block.text.trim().length > PHONE_BUTTON_CHARS) {
      issues.push({ code: 'button_too_long', ...at });
    }
    if (block.type === 'video' && !videoEmbed(block.url)) issues.push({ code: 'video_link_invalid', ...at });
  });
  return issues;
}

/** The library items a page shows (to fetch their links once). */
export const blockMediaIds = (blocks: readonly Block[]) => [
  ...new Set(blocks.flatMap((block) => (block.type === 'image' && block.mediaId ? [block.mediaId] : []))),
];

/** A new block's id: unique within its page, stable across edits (React keys, problems). */
export const newBlockId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `b-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** An empty block of a type, as the editor adds it. */
export function emptyBlock(type: BlockType, id = newBlockId()): Block {
  switch (type) {
    case 'heading':
      return { id, type, text: '', level: 2 };
    case 'text':
      return { id, type, text: '' };
    case 'image':
      return { id, type, mediaId: '', alt: '' };
    case 'video':
      return { id, type, url: '' };
    case 'bullets':
      return { id, type, items: [''] };
    case 'button':
      return { id, type, text: '' };
  }
}

/** A plain text's paragraphs: blank lines separate them; single line breaks stay inside one. */
export const paragraphsOf = (value: string) =>
  value
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** The same list with one block moved by `offset` places (kept inside the list). */
export function moveItem<T>(list: readonly T[], index: number, offset: number): T[] {
  const target = index + offset;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}
