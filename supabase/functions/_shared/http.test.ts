import assert from 'node:assert/strict';
import { readJson, storableText } from './http.ts';
import { post } from './testing.ts';

Deno.test('readJson: JSON objects and values come back as parsed', async () => {
  for (const value of [{ a: 'b', n: [1, { c: 'æøå 😀' }] }, [], 'text', 42, null]) {
    assert.deepEqual(await readJson(post('http://functions.test/x', JSON.stringify(value))), {
      ok: true,
      value,
    });
  }
});

Deno.test('readJson: not JSON, over 64 KiB, or holding text Postgres cannot store is not ok', async () => {
  for (const body of [
    '{oops',
    '',
    JSON.stringify({ a: 'x'.repeat(65 * 1024) }),
    '{"email":"x\\u0000@y.no"}',
    '{"a":{"b":["ok","\\u0000"]}}',
    '{"\\u0000":1}',
    '"\\u0000"',
    '{"a":"\\ud800"}',
    '{"a":"\\udc00x"}',
  ]) {
    assert.deepEqual(await readJson(post('http://functions.test/x', body)), { ok: false }, body);
  }
});

Deno.test(
  'storableText: escaped backslashes are not NULs, surrogate pairs are fine, deep nesting is safe',
  () => {
    assert.equal(storableText(JSON.parse('{"a":"\\\\u0000"}')), true, 'the six characters \\u0000');
    assert.equal(storableText({ a: '😀', b: '\ud83d\ude00' }), true);
    const deep = JSON.parse(`${'['.repeat(30_000)}"\\u0000"${']'.repeat(30_000)}`) as unknown;
    assert.equal(storableText(deep), false);
    const deepOk = JSON.parse(`${'['.repeat(30_000)}${']'.repeat(30_000)}`) as unknown;
    assert.equal(storableText(deepOk), true);
  },
);
