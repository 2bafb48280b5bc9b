/**
 * What a file is, read from its first bytes instead of its name or the browser's guess, and the
 * pixel size of an image read from its header, so a too-large image is refused before decoding it.
 */
export type SniffedMedia =
  | { type: 'image'; mime: 'image/png'; ext: 'png' }
  | { type: 'image'; mime: 'image/jpeg'; ext: 'jpg' }
  | { type: 'image'; mime: 'image/webp'; ext: 'webp' }
  | { type: 'image'; mime: 'image/gif'; ext: 'gif' }
  | { type: 'video'; mime: 'video/mp4'; ext: 'mp4' }
  | { type: 'video'; mime: 'video/quicktime'; ext: 'mov' }
  | { type: 'video'; mime: 'video/webm'; ext: 'webm' };

/** How many bytes of a file the sniffer and the header parsers need at most (JPEG's SOF can sit after EXIF). */
export const SNIFF_BYTES = 256 * 1024;

const ascii = (bytes: Uint8Array, offset: number, length: number) =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
/** QuickTime's own brand; every other ISO-BMFF brand we accept is played as MP4. */
const QUICKTIME_BRAND = 'qt  ';
/** Brands of still-image and audio files that also start with `ftyp`. */
const NOT_VIDEO_BRANDS = new Set([
  'heic',
  'heix',
  'mif1',
  'msf1',
  'avif',
  'avis',
  'M4A ',
  'M4B ',
  'M4P ',
  'crx ',
]);

export function sniffMediaType(bytes: Uint8Array): SniffedMedia | null {
  if (startsWith(bytes, PNG)) return { type: 'image', mime: 'image/png', ext: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { type: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    return { type: 'image', mime: 'image/webp', ext: 'webp' };
  }
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') {
    return { type: 'image', mime: 'image/gif', ext: 'gif' };
  }
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand === QUICKTIME_BRAND) return { type: 'video', mime: 'video/quicktime', ext: 'mov' };
    if (NOT_VIDEO_BRANDS.has(brand)) return null;
    return { type: 'video', mime: 'video/mp4', ext: 'mp4' };
  }
  // Matroska and WebM share the EBML header; browsers play WebM, and a Matroska file with VP8/VP9 too.
  if (startsWith(bytes, EBML)) return { type: 'video', mime: 'video/webm', ext: 'webm' };
  return null;
}

export type PixelSize = { width: number; height: number };

const u16be = (b: Uint8Array, o: number) => ((b[o] ?? 0) << 8) | (b[o + 1] ?? 0);
const u16le = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, o: number) => u16le(b, o) | ((b[o + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, o: number) => u16be(b, o) * 0x10000 + u16be(b, o + 2);
const u32le = (b: Uint8Array, o: number) => u16le(b, o) + u16le(b, o + 2) * 0x10000;

/** PNG: the IHDR chunk comes first, width and height as 32-bit big-endian numbers. */
function pngSize(b: Uint8Array): PixelSize | null {
  if (ascii(b, 12, 4) !== 'IHDR') return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** JPEG: walk the segments to the first start-of-frame marker (SOF0–SOF15 but DHT, JPG, DAC). */
function jpegSize(b: Uint8Array): PixelSize | null {
  let offset = 2;
  while (offset + 9 < b.length) {
    if (b[offset] !== 0xff) return null;
    const marker = b[offset + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isStartOfFrame) return { height: u16be(b, offset + 5), width: u16be(b, offset + 7) };
    offset += 2 + u16be(b, offset + 2);
  }
  return null;
}

/** WebP: the first chunk says lossy (VP8), lossless (VP8L) or extended (VP8X), each storing the size its own way. */
function webpSize(b: Uint8Array): PixelSize | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === 'VP8L') {
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  return null;
}

/** GIF: the logical screen size follows the six-byte signature, little-endian. */
function gifSize(b: Uint8Array): PixelSize | null {
  return { width: u16le(b, 6), height: u16le(b, 8) };
}

/** The pixel size an image's header declares, or null when the header is cut short or unknown. */
export function imagePixelSize(bytes: Uint8Array, mime: string): PixelSize | null {
  const size =
    mime === 'image/png'
      ? pngSize(bytes)
      : mime === 'image/jpeg'
        ? jpegSize(bytes)
        : mime === 'image/webp'
          ? webpSize(bytes)
          : mime === 'image/gif'
            ? gifSize(bytes)
            : null;
  if (!size || size.width <= 0 || size.height <= 0) return null;
  return size;
}
