import assert from 'node:assert/strict';
import { z } from './deps.ts';
import { json, readJson, storableText, withCaller, withServiceKey } from './http.ts';
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

Deno.test(
  'withCaller: preflight, 405, 401 before the body is read, 400 invalid-input, 500 logged',
  async () => {
    const URL_ = 'http://functions.test/f';
    const USER = { id: 'u', email: 'u@example.no', name: null, jwt: 'jwt' };
    const logged: string[] = [];
    const deps = {
      authenticate: (request: Request) =>
        Promise.resolve(request.headers.get('authorization') === 'Bearer jwt' ? USER : null),
      log: (message: string) => logged.push(message),
    };
    const schema = z.object({ n: z.number() });
    const call = (init: RequestInit, signedIn = true) =>
      withCaller(
        new Request(URL_, { ...init, headers: signedIn ? { Authorization: 'Bearer jwt' } : {} }),
        deps,
        'f',
        schema,
        (caller, input) => {
          if (input.n < 0) throw new Error('boom');
          return Promise.resolve(json(200, { id: caller.id, n: input.n }));
        },
      );
    assert.equal((await call({ method: 'OPTIONS' })).status, 200);
    assert.equal((await call({ method: 'GET' })).status, 405);
    const anonymous = await call({ method: 'POST', body: 'not json' }, false);
    assert.deepEqual([anonymous.status, await anonymous.json()], [401, { error: { code: 'not-signed-in' } }]);
    for (const body of ['not json', '[]', '{"n":"1"}']) {
      const bad = await call({ method: 'POST', body });
      assert.deepEqual([bad.status, await bad.json()], [400, { error: { code: 'invalid-input' } }], body);
    }
    const ok = await call({ method: 'POST', body: '{"n":2}' });
    assert.deepEqual(await ok.json(), { id: 'u', n: 2 });
    const failed = await call({ method: 'POST', body: '{"n":-1}' });
    assert.deepEqual([failed.status, await failed.json()], [500, { error: { code: 'unknown' } }]);
    assert.deepEqual(logged, ['f: unexpected failure']);
  },
);

Deno.test('withServiceKey: 401 without a key, 403 with another, then the body and the work', async () => {
  const deps = { isServiceKey: (token: string) => token === 'service' };
  const call = (key: string | null, body: string) =>
    withServiceKey(
      new Request('http://functions.test/jobs', {
        method: 'POST',
        headers: key ? { Authorization: `Bearer ${key}` } : {},
        body,
      }),
      deps,
      'jobs',
      z.object({ job: z.string() }),
      (input) => Promise.resolve(json(200, input)),
    );
  assert.equal((await call(null, '{"job":"x"}')).status, 401);
  assert.equal((await call('anon', '{"job":"x"}')).status, 403);
  assert.equal((await call('service', '{}')).status, 400);
  assert.deepEqual(await (await call('service', '{"job":"x"}')).json(), { job: 'x' });
});
