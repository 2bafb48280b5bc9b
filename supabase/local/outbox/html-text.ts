/**
 * The plain-text alternative of an e-mail, derived from its HTML so the templates stay the single
 * source (GoTrue's templates are HTML only; Mailpit derives a text part the same way). Made for our
 * simple table layouts: blocks become paragraphs, links keep their address.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '');

const BLOCK_END = /<\/(?:p|h[1-6]|div|tr|table|li|ul|ol|blockquote|section|header|footer)\s*>/gi;

export function htmlToText(html: string): string {
  let body = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    // The preheader: hidden in the e-mail, only the inbox's preview line shows it.
    .replace(/<div\b[^>]*\bdisplay:\s*none[^>]*>[\s\S]*?<\/div\s*>/gi, '')
    // HTML collapses white space; the source's line breaks mean nothing.
    .replace(/\s+/g, ' ');

  // A link whose text is its own address is the "copy this link" line; a button pointing to the same
  // address then needs only its label, or the text part would show the long link twice.
  const anchors = [...body.matchAll(/<a\b[^>]*?\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a\s*>/gi)].map(
    ([whole, href = '', inner = '']) => ({
      whole,
      href: decodeEntities(href),
      label: decodeEntities(stripTags(inner)).trim(),
    }),
  );
  const shownAddresses = new Set(anchors.filter((a) => a.label === a.href).map((a) => a.href));
  for (const anchor of anchors) {
    const text =
      anchor.label === anchor.href || shownAddresses.has(anchor.href) || anchor.href === ''
        ? anchor.label
        : `${anchor.label} (${anchor.href})`;
    // Placeholders keep decoded link text away from the entity decoding below.
    body = body.replace(anchor.whole, () => text.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
  }

  body = body
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(BLOCK_END, '\n\n')
    .replace(/<(?:p|h[1-6]|div|table|tr|li)\b[^>]*>/gi, '\n');
  return decodeEntities(stripTags(body))
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
