import assert from 'node:assert/strict';
import { drawLocalImage } from './local-image.ts';
import { crc32, encodePng, isPng } from './png.ts';

interface Chunk {
  type: string;
  data: Uint8Array;
  crcOk: boolean;
}

/** The chunks of a PNG, each with whether its CRC checks. */
function chunks(png: Uint8Array): Chunk[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const found: Chunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    found.push({
      type: new TextDecoder().decode(typeAndData.subarray(0, 4)),
      data: typeAndData.subarray(4),
      crcOk: crc32(typeAndData) === view.getUint32(at + 8 + length),
    });
    at += 12 + length;
  }
  return found;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

Deno.test('crc32 is the standard one', () => {
  assert.equal(crc32(new TextEncoder().encode('123456789')), 0xcbf43926);
  assert.equal(crc32(new TextEncoder().encode('IEND')), 0xae426082);
});

Deno.test('encodePng: a small picture round-trips through the Sub filter', async () => {
  const rgb = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]);
  const png = await encodePng(2, 2, rgb);
  const [ihdr, idat, iend] = chunks(png);
  assert.equal(ihdr!.type, 'IHDR');
  assert.equal(iend!.type, 'IEND');
  const raw = await inflate(idat!.data);
  // Undo Sub: each byte adds the one three to its left.
  const rows = [raw.subarray(0, 7), raw.subarray(7, 14)];
  const decoded: number[] = [];
  for (const row of rows) {
    assert.equal(row[0], 1);
    const line = [...row.subarray(1)];
    for (let i = 3; i < line.length; i++) line[i] = (line[i]! + line[i - 3]!) & 0xff;
    decoded.push(...line);
  }
  assert.deepEqual(decoded, [...rgb]);
  await assert.rejects(encodePng(2, 2, new Uint8Array(3)), RangeError);
});

Deno.test('the local provider draws a valid 1024×1024 PNG', async () => {
  const png = await drawLocalImage('Julekalender med rød dør og snø', 'vivid');
  assert.ok(isPng(png));
  const found = chunks(png);
  assert.deepEqual(
    found.map((chunk) => chunk.type),
    ['IHDR', 'IDAT', 'IEND'],
  );
  assert.ok(
    found.every((chunk) => chunk.crcOk),
    'every CRC checks',
  );
  const ihdr = new DataView(found[0]!.data.buffer, found[0]!.data.byteOffset, 13);
  assert.equal(ihdr.getUint32(0), 1024);
  assert.equal(ihdr.getUint32(4), 1024);
  assert.deepEqual([...found[0]!.data.subarray(8)], [8, 2, 0, 0, 0]);
  const raw = await inflate(found[1]!.data);
  assert.equal(raw.length, 1024 * (1024 * 3 + 1));
  assert.ok(png.length < 600_000, `compact enough (${png.length} bytes)`);
});

Deno.test('the local provider is deterministic and follows the prompt and style', async () => {
  const a = await drawLocalImage('Sommerfest på brygga', 'vivid');
  const b = await drawLocalImage('Sommerfest på brygga', 'vivid');
  assert.deepEqual(a, b);
  assert.notDeepEqual(a, await drawLocalImage('Sommerfest på brygga', 'natural'));
  assert.notDeepEqual(a, await drawLocalImage('Vinterfest på brygga', 'vivid'));
});
