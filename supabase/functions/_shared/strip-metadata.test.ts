/**
 * stripMetadata on hand-made files: a JPEG loses its EXIF (APP1) and comment but keeps JFIF, the
 * colour profile and the picture; a PNG loses its text and EXIF chunks; a WebP its EXIF and XMP
 * chunks with their VP8X flags, its RIFF size set anew; a broken file answers null.
 */
import assert from 'node:assert/strict';
import { stripMetadata } from './strip-metadata.ts';
import { bytes, JPEG_WITH_GPS, text } from './test-images.ts';

const has = (haystack: Uint8Array, needle: string) =>
  new TextDecoder('latin1').decode(haystack).includes(needle);

Deno.test('a JPEG loses its EXIF and comment, keeps JFIF, the profile and the picture', () => {
  const out = stripMetadata(JPEG_WITH_GPS, 'image/jpeg');
  assert.ok(out);
  assert.ok(!has(out, 'GPS'));
  assert.ok(!has(out, 'Kommentar'));
  assert.ok(has(out, 'JFIF') && has(out, 'ICC_PROFILE'));
  assert.deepEqual(
    [...out.subarray(out.length - 10)],
    [0xff, 0xda, 0x00, 0x04, 0x01, 0x02, 0x33, 0x44, 0xff, 0xd9],
  );
  assert.equal(out.length, JPEG_WITH_GPS.length - (4 + 23) - (4 + 9));
});

Deno.test('a JPEG whose segment runs past the end is refused', () => {
  assert.equal(stripMetadata(bytes([0xff, 0xd8], [0xff, 0xe1, 0x40, 0x00, 0x01]), 'image/jpeg'), null);
});

const chunk = (type: string, payload: Uint8Array) => {
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, payload.length);
  return bytes(length, text(type), payload, [0, 0, 0, 0]);
};
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

Deno.test('a PNG loses its text and EXIF chunks', () => {
  const png = bytes(
    PNG_SIGNATURE,
    chunk('IHDR', new Uint8Array(13)),
    chunk('tEXt', text('Author\0Ola')),
    chunk('eXIf', text('GPS')),
    chunk('IDAT', new Uint8Array(3)),
    chunk('IEND', new Uint8Array(0)),
  );
  const out = stripMetadata(png, 'image/png');
  assert.ok(out);
  assert.ok(!has(out, 'Ola') && !has(out, 'GPS'));
  assert.ok(has(out, 'IHDR') && has(out, 'IDAT') && has(out, 'IEND'));
});

Deno.test('a PNG without its end is refused', () => {
  assert.equal(stripMetadata(bytes(PNG_SIGNATURE, chunk('IHDR', new Uint8Array(13))), 'image/png'), null);
});

const riffChunk = (type: string, payload: Uint8Array) => {
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, payload.length, true);
  return bytes(text(type), size, payload, payload.length % 2 ? [0] : []);
};

Deno.test('a WebP loses its EXIF and XMP chunks and their flags, its size set anew', () => {
  const vp8x = new Uint8Array(10);
  vp8x[0] = 0x0c;
  const body = bytes(
    text('WEBP'),
    riffChunk('VP8X', vp8x),
    riffChunk('VP8 ', new Uint8Array(7)),
    riffChunk('EXIF', text('GPS 59.91N')),
    riffChunk('XMP ', text('<x:xmpmeta/>')),
  );
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, body.length, true);
  const out = stripMetadata(bytes(text('RIFF'), size, body), 'image/webp');
  assert.ok(out);
  assert.ok(!has(out, 'GPS') && !has(out, 'xmpmeta'));
  assert.equal(out[20]! & 0x0c, 0);
  assert.equal(new DataView(out.buffer).getUint32(4, true), out.length - 8);
  assert.equal(out.length, 12 + 18 + 16);
});
