/**
 * The one byte range an object download may ask for, as Supabase Storage serves it: `bytes=a-b`,
 * `bytes=a-` and the suffix `bytes=-n`, the unit in any case. Safari plays a video only from a server
 * that answers ranges, and a function that sniffs a file's type reads just its first bytes.
 *
 * What the HTTP spec lets a server ignore is ignored (the whole file, 200): another unit, several
 * ranges (storage-api's S3 backend serves one), bad syntax and a last byte before the first. A range
 * that starts at or past the end, or a suffix of zero bytes, cannot be satisfied (416).
 */
export type ByteRange =
  | { kind: 'whole' }
  /** `start` and `end` inclusive, `end` clamped to the last byte. */
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

export function byteRange(header: string | undefined, size: number): ByteRange {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    // A suffix of an empty file selects nothing, which the whole (empty) answer already is.
    if (size === 0) return { kind: 'whole' };
    return { kind: 'part', start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: Math.min(end, size - 1) };
}
