import { describe, expect, it } from 'vitest';
import {
  MAX_BLOCKS,
  blockMediaIds,
  moveItem,
  paragraphsOf,
  parseBlocks,
  phoneIssues,
  showableBlocks,
  videoEmbed,
  type Block,
} from './blocks';

const heading: Block = { id: 'h', type: 'heading', text: 'Tilbud', level: 1 };

describe('parseBlocks', () => {
  it('reads nothing as an empty page', () => {
    expect(parseBlocks(null)).toEqual({ ok: true, blocks: [] });
  });

  it('keeps only the fields of each type and drops blank bullet lines', () => {
    const parsed = parseBlocks([
      { ...heading, extra: 1 },
      { id: 'b', type: 'bullets', items: ['Én', ' ', 'To'] },
    ]);
    expect(parsed).toEqual({
      ok: true,
      blocks: [heading, { id: 'b', type: 'bullets', items: ['Én', 'To'] }],
    });
  });

  it.each([
    ['not a list', { blocks: [] }, 'not_a_list', null],
    ['an unknown type', [{ id: 'x', type: 'map' }], 'unknown_type', 0],
    ['a block without id', [{ type: 'text', text: 'Hei' }], 'missing_id', 0],
    ['an empty heading', [{ id: 'x', type: 'heading', text: ' ', level: 1 }], 'empty_text', 0],
    ['a heading level 3', [{ id: 'x', type: 'heading', text: 'A', level: 3 }], 'heading_level', 0],
    ['an image without a file', [{ id: 'x', type: 'image', mediaId: '', alt: 'A' }], 'no_image', 0],
    ['bullets without items', [{ id: 'x', type: 'bullets', items: [''] }], 'no_items', 0],
    ['a button of 81 characters', [{ id: 'x', type: 'button', text: 'a'.repeat(81) }], 'too_long', 0],
  ])('refuses %s', (_name, value, code, index) => {
    const parsed = parseBlocks(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors[0]).toMatchObject({ code, index });
  });

  it('refuses a second block with the same id', () => {
    const parsed = parseBlocks([heading, { ...heading }]);
    expect(parsed.ok ? [] : parsed.errors).toEqual([{ code: 'duplicate_id', index: 1, blockId: 'h' }]);
  });

  it('refuses more than 40 blocks', () => {
    const many = Array.from({ length: MAX_BLOCKS + 1 }, (_, index) => ({ ...heading, id: `h${index}` }));
    const parsed = parseBlocks(many);
    expect(parsed.ok ? [] : parsed.errors.map((error) => error.code)).toEqual(['too_many']);
    expect(parseBlocks(many.slice(0, MAX_BLOCKS)).ok).toBe(true);
  });
});

describe('showableBlocks', () => {
  it('shows the valid blocks of a damaged page in order', () => {
    expect(
      showableBlocks([heading, { id: 'x', type: 'map' }, { id: 't', type: 'text', text: 'Hei' }]),
    ).toEqual([heading, { id: 't', type: 'text', text: 'Hei' }]);
    expect(showableBlocks('nonsense')).toEqual([]);
  });
});

describe('videoEmbed', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=3', 'youtube', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871', 'vimeo', '76979871'],
  ])('reads %s', (link, provider, id) => {
    expect(videoEmbed(link)).toMatchObject({ provider, id });
  });

  it('plays YouTube without cookies and Vimeo without tracking', () => {
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ')?.embedUrl).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    );
    expect(videoEmbed('https://vimeo.com/76979871')?.embedUrl).toContain('dnt=1');
  });

  it.each([
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'javascript:alert(1)',
    'youtube.com/watch?v=dQw4w9WgXcQ',
    'https://vimeo.com/channels/staffpicks',
  ])('refuses %s', (link) => {
    expect(videoEmbed(link)).toBeNull();
  });
});

describe('phoneIssues', () => {
  it('passes a page that starts with a heading and has alt texts and a short button', () => {
    expect(
      phoneIssues([
        heading,
        { id: 'i', type: 'image', mediaId: 'm', alt: 'Produktet' },
        { id: 'b', type: 'button', text: 'a'.repeat(40) },
      ]),
    ).toEqual([]);
  });

  it('names each problem with its block', () => {
    expect(
      phoneIssues([
        { id: 't', type: 'text', text: 'Hei' },
        { id: 'i', type: 'image', mediaId: 'm', alt: ' ' },
        { id: 'b', type: 'button', text: 'a'.repeat(41) },
        { id: 'v', type: 'video', url: 'https://example.com/film' },
      ]).map((issue) => [issue.code, issue.blockId]),
    ).toEqual([
      ['heading_not_first', 't'],
      ['image_without_alt', 'i'],
      ['button_too_long', 'b'],
      ['video_link_invalid', 'v'],
    ]);
  });
});

describe('helpers', () => {
  it('splits paragraphs at blank lines only', () => {
    expect(paragraphsOf('En\nlinje\n\n  \nTo')).toEqual(['En\nlinje', 'To']);
  });

  it('lists each image once', () => {
    const image: Block = { id: 'i', type: 'image', mediaId: 'm', alt: 'A' };
    expect(blockMediaIds([image, { ...image, id: 'j' }, heading])).toEqual(['m']);
  });

  it('moves an item inside the list and no further', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -2)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
