/**
 * A picture without what a camera writes beside the pixels: the EXIF and XMP blocks (where a phone
 * stores the place a photo was taken, the device and its serial), comments and text chunks. Only the
 * container is rewritten — the pixels are not decoded — so it is cheap and lossless. The colour profile
 * (JPEG APP2, PNG iCCP) and Adobe's colour-transform marker stay, as they change how the picture looks.
 * Answers null for bytes that are not a well-formed JPEG, PNG or WebP.
 */
import { concatBytes } from './bytes.ts';
import type { SniffedMedia } from './media-sniff.ts';

type Picture = Extract<SniffedMedia['mime'], 'image/jpeg' | 'image/png' | 'image/webp'>;

export function stripMetadata(bytes: Uint8Array, mime: Picture): Uint8Array | null {
  if (mime === 'image/jpeg') return stripJpeg(bytes);
  if (mime === 'image/png') return stripPng(bytes);
  return stripWebp(bytes);
}

const APP1 = 0xe1; // EXIF, XMP
const APP2 = 0xe2; // ICC profile
const APP14 = 0xee; // Adobe colour transform
const COM = 0xfe;
const SOS = 0xda;

const dropsJpegSegment = (marker: number) =>
  marker === COM || (marker >= APP1 && marker <= 0xef && marker !== APP2 && marker !== APP14);

function stripJpeg(bytes: Uint8Array): Uint8Array | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // The entropy-coded picture and everything after it (more scans, EOI) is copied as it is.
    if (marker === SOS) {
      kept.push(bytes.subarray(at));
      return concatBytes(kept);
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2 || at + 2 + length > bytes.length) return null;
    if (!dropsJpegSegment(marker)) kept.push(bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  return null;
}

const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(bytes: Uint8Array): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!PNG_DROPPED.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') return concatBytes(kept);
  }
  return null;
}

const WEBP_DROPPED = new Set(['EXIF', 'XMP ']);
/** VP8X's flags: the file has EXIF (bit 3) or XMP (bit 2). */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

function stripWebp(bytes: Uint8Array): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= bytes.length) {
    const type = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    if (end > bytes.length + (size % 2)) return null;
    if (!WEBP_DROPPED.has(type)) {
      const chunk = bytes.slice(at, Math.min(end, bytes.length));
      if (type === 'VP8X' && chunk.length > 8) chunk[8] = chunk[8]! & ~VP8X_METADATA_FLAGS;
      kept.push(chunk);
    }
    at = end;
  }
  const body = concatBytes(kept);
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 12));
  out.set(body, 12);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}
