/**
 * The first bytes of real media files, written out by hand so the tests need no binary fixtures:
 * each is what the format's specification puts at the start of a file of the given size.
 */
const bytes = (...parts: (number[] | string | Uint8Array)[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : [...part],
    ),
  );

const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16be = (n: number) => [(n >>> 8) & 255, n & 255];
const u16le = (n: number) => [n & 255, (n >>> 8) & 255];
const u24le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const u32le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];

/** Signature, then the IHDR chunk: length 13, type, width, height, bit depth 8, colour type 6 … */
export const png = (width: number, height: number) =>
  bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    u32be(13),
    'IHDR',
    u32be(width),
    u32be(height),
    [8, 6, 0, 0, 0],
    u32be(0),
  );

/** SOI, an APP1 (EXIF) segment of 20 bytes to walk past, then SOF0 with height and width. */
export const jpeg = (width: number, height: number, startOfFrame = 0xc0) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe1],
    u16be(20),
    'Exif',
    [0, 0],
    new Uint8Array(12),
    [0xff, 0xdb],
    u16be(4),
    [0, 0],
    [0xff, startOfFrame],
    u16be(17),
    [8],
    u16be(height),
    u16be(width),
    [3],
    new Uint8Array(9),
  );

const riff = (chunk: string, payload: number[]) =>
  bytes('RIFF', u32le(4 + 8 + payload.length), 'WEBP', chunk, u32le(payload.length), payload);

/** Lossy: frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height. */
export const webpLossy = (width: number, height: number) =>
  riff('VP8 ', [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...u16le(width), ...u16le(height), 0, 0]);

/** Lossless: signature 0x2f, then width − 1 and height − 1 in 14 bits each. */
export const webpLossless = (width: number, height: number) => {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  return riff('VP8L', [0x2f, ...u32le(bits)]);
};

/** Extended: flags and reserved (4 bytes), then canvas width − 1 and height − 1 in 24 bits each. */
export const webpExtended = (width: number, height: number) =>
  riff('VP8X', [0x10, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]);

export const gif = (width: number, height: number) =>
  bytes('GIF89a', u16le(width), u16le(height), [0xf7, 0, 0]);

/** An ISO-BMFF `ftyp` box with its major brand. */
export const ftyp = (brand: string) => bytes(u32be(24), 'ftyp', brand, u32be(0), 'isommp41');

/** The EBML header's id, then the DocType element saying «webm». */
export const webm = () => bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm');

/** A File whose bytes start with `head`, padded to `size` bytes. */
export function fileOf(head: Uint8Array<ArrayBuffer>, name: string, size = head.length): File {
  const padding = new Uint8Array(Math.max(0, size - head.length));
  return new File([head, padding], name);
}
