/**
 * A small PNG encoder: 8-bit RGB, one IDAT, zlib through the platform's CompressionStream('deflate')
 * (zlib-wrapped deflate, as PNG wants). Enough for the local image provider's pictures; no Deno- or
 * Node-only APIs, so the seed script runs the same code under Node.
 */
import { concatBytes } from './bytes.ts';

const SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, the one PNG chunks carry). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  const typeAndData = out.subarray(4, 8 + data.length);
  typeAndData.set(new TextEncoder().encode(type), 0);
  typeAndData.set(data, 4);
  view.setUint32(8 + data.length, crc32(typeAndData));
  return out;
}

/**
 * Encodes `rgb` (width × height × 3 bytes, rows top to bottom) as a PNG. Each row uses the Sub
 * filter: gradients and flat shapes then become runs that deflate well.
 */
export async function encodePng(width: number, height: number, rgb: Uint8Array): Promise<Uint8Array> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`bad PNG size ${width}×${height}`);
  }
  if (rgb.length !== width * height * 3) throw new RangeError('pixel data does not match the size');
  const stride = width * 3;
  const filtered = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const out = y * (stride + 1);
    filtered[out] = 1; // Sub
    for (let x = 0; x < stride; x++) {
      const left = x >= 3 ? rgb[row + x - 3]! : 0;
      filtered[out + 1 + x] = (rgb[row + x]! - left) & 0xff;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, no interlace
  const parts = [
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', await deflate(filtered)),
    chunk('IEND', new Uint8Array()),
  ];
  return concatBytes(parts);
}

/** True when the bytes start with the PNG signature. */
export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= SIGNATURE.length && SIGNATURE.every((byte, index) => bytes[index] === byte);
}
