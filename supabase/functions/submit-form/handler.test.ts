/**
 * submit-form with the database faked, on the seeded «Tilbudsforespørsel»: a valid submission is
 * stored with only its cleaned answers, score, ending, person, quota options and uploads, and answered
 * with the piped ending alone; tampered ones (a hidden block answered, an unknown option, a wrong type,
 * over-long text, a page off the path) are refused with the engine's codes and nothing stored; the
 * database's refusals keep their status.
 */
import assert from 'node:assert/strict';
import quote from '../../../tests/fixtures/forms/tilbudsforesporsel.json' with { type: 'json' };
import { errorCode, post } from '../_shared/testing.ts';
import { DatabaseRefusal, handleSubmitForm, type StoredSubmission, type SubmitFormDb } from './handler.ts';

const FORM = 'cf000000-0000-4000-8000-000000000002';
const VERSION = 'cf000000-0000-4000-8000-0000000000f2';
const SESSION = '6b1c2b5e-5a57-4f0f-9e36-9f8b1d3f3e10';
const UPLOAD = '1d4b2c9a-1f0e-4a7b-8c3d-2e5f6a7b8c9d';

class FakeDb implements SubmitFormDb {
  stored: StoredSubmission[] = [];
  refusal: DatabaseRefusal | null = null;
  definition: unknown = quote;
  publishedDefinition(formId: string, versionId: string) {
    return Promise.resolve(formId === FORM && versionId === VERSION ? this.definition : null);
  }
  submit(input: StoredSubmission) {
    if (this.refusal) return Promise.reject(this.refusal);
    this.stored.push(input);
    return Promise.resolve();
  }
}

const bathroom = {
  b_hva: 'o_bad',
  b_nar: { choices: ['o_snarest'] },
  b_postnummer: ' 5003 ',
  b_areal: '7,5',
  b_arbeid: { choices: ['o_fliser', 'other'], other: 'Ny vask' },
  b_bilder: [UPLOAD],
  b_navn: 'Kari Nordmann',
  b_epost: 'Kari@Example.NO',
  b_telefon: '912 34 567',
  b_markedsforing: true,
};

function setup() {
  const db = new FakeDb();
  const call = (overrides: Record<string, unknown> = {}) =>
    handleSubmitForm(
      post(
        'http://functions.test/submit-form',
        {
          formId: FORM,
          versionId: VERSION,
          answers: bathroom,
          hidden: { utm_source: 'facebook', page: 'https://fjordror.no/bad', other: 'not kept' },
          sessionId: SESSION,
          honeypot: '',
          shownAt: '2026-11-28T10:00:00.000Z',
          consent: true,
          ...overrides,
        },
        { 'x-forwarded-for': '203.0.113.9' },
      ),
      { db },
    );
  return { db, call };
}

Deno.test(
  'a valid submission stores the cleaned answers and answers with the piped ending only',
  async () => {
    const { db, call } = setup();
    const response = await call();
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {
      ending: {
        id: 'e_bad',
        title: 'Takk, Kari Nordmann!',
        text: 'Vi tar kontakt for en befaring av badet på 7,5 m² og sender tilbudet til kari@example.no.',
      },
    });
    const [stored] = db.stored;
    assert.ok(stored);
    assert.equal(stored.clientIp, '203.0.113.9');
    assert.equal(stored.endingId, 'e_bad');
    assert.equal(stored.score, 5);
    assert.equal(stored.answers.b_postnummer, '5003');
    assert.equal(stored.answers.b_areal, 7.5);
    assert.equal(stored.answers.b_kilde, 'facebook');
    assert.deepEqual(stored.hidden, { utm_source: 'facebook', page: 'https://fjordror.no/bad' });
    assert.deepEqual(
      { email: stored.email, name: stored.name, phone: stored.phone },
      { email: 'kari@example.no', name: 'Kari Nordmann', phone: '+4791234567' },
    );
    assert.equal(stored.consent, true);
    assert.equal(stored.marketingConsent, true);
    assert.deepEqual(stored.uploadIds, [UPLOAD]);
    assert.deepEqual(stored.quotaChoices, [
      { block_id: 'b_hva', option_id: 'o_bad' },
      { block_id: 'b_nar', option_id: 'o_snarest' },
      { block_id: 'b_arbeid', option_id: 'o_fliser' },
      { block_id: 'b_arbeid', option_id: 'other' },
    ]);
    assert.equal(stored.sessionId, SESSION);
  },
);

const tampered: [string, Record<string, unknown>, { blockId: string; code: string }][] = [
  ['a page the path skips', { b_hva: 'o_lekkasje' }, { blockId: 'b_areal', code: 'not_visible' }],
  ['a hidden block answered', { b_kilde: 'forged' }, { blockId: 'b_kilde', code: 'not_visible' }],
  ['an unknown option', { b_nar: 'o_igaar' }, { blockId: 'b_nar', code: 'unknown_option' }],
  ['a wrong type', { b_navn: 42 }, { blockId: 'b_navn', code: 'wrong_type' }],
  ['over-long text', { b_postnummer: '50031' }, { blockId: 'b_postnummer', code: 'too_long' }],
  ['an unknown block', { b_passord: 'x' }, { blockId: 'b_passord', code: 'unknown_block' }],
  ['a required answer missing', { b_epost: '' }, { blockId: 'b_epost', code: 'required' }],
];

for (const [what, change, expected] of tampered) {
  Deno.test(`${what} is refused with the engine's code and nothing stored`, async () => {
    const { db, call } = setup();
    const response = await call({ answers: { ...bathroom, ...change } });
    assert.equal(response.status, 400);
    const body = (await response.json()) as {
      error: { code: string; errors: { blockId: string; code: string }[] };
    };
    assert.equal(body.error.code, 'form-answers-invalid');
    assert.ok(
      body.error.errors.some((error) => error.blockId === expected.blockId && error.code === expected.code),
      JSON.stringify(body.error.errors),
    );
    assert.equal(db.stored.length, 0);
  });
}

Deno.test('a body of the wrong shape is invalid-input', async () => {
  const { db, call } = setup();
  for (const overrides of [
    { formId: 'nope' },
    { shownAt: 'yesterday' },
    { answers: [] },
    { hidden: { a: 1 } },
  ]) {
    const response = await call(overrides);
    assert.equal(response.status, 400);
    assert.equal(await errorCode(response), 'invalid-input');
  }
  assert.equal(db.stored.length, 0);
});

Deno.test('an unpublished or unknown version is form-not-found', async () => {
  const { db, call } = setup();
  const response = await call({ versionId: SESSION });
  assert.equal(response.status, 404);
  assert.equal(await errorCode(response), 'form-not-found');
  assert.equal(db.stored.length, 0);
});

Deno.test("the database's refusals keep their codes and statuses; a quota names its option", async () => {
  const cases: [string, number][] = [
    ['form-full', 409],
    ['form-closed', 409],
    ['form-not-open', 409],
    ['form-version-outdated', 409],
    ['campaign-write-refused', 403],
    ['campaign-rate-limited', 429],
    ['form-not-found', 404],
  ];
  for (const [code, status] of cases) {
    const { db, call } = setup();
    db.refusal = new DatabaseRefusal(code);
    const response = await call();
    assert.equal(response.status, status, code);
    assert.equal(await errorCode(response), code);
  }
  const { db, call } = setup();
  db.refusal = new DatabaseRefusal('form-quota-full', { block_id: 'b_nar', option_id: 'o_snarest' });
  const response = await call();
  assert.equal(response.status, 409);
  assert.deepEqual(await response.json(), {
    error: { code: 'form-quota-full', details: { block_id: 'b_nar', option_id: 'o_snarest' } },
  });
});

Deno.test('an unexpected failure is a 500 without the reason', async () => {
  const { db, call } = setup();
  db.refusal = new DatabaseRefusal('connection reset');
  const response = await call();
  assert.equal(response.status, 500);
  assert.equal(await errorCode(response), 'unknown');
});

Deno.test('a preflight is answered and only POST is served', async () => {
  const { db } = setup();
  const options = await handleSubmitForm(
    new Request('http://functions.test/submit-form', { method: 'OPTIONS' }),
    { db },
  );
  assert.equal(options.status, 200);
  const get = await handleSubmitForm(new Request('http://functions.test/submit-form'), { db });
  assert.equal(get.status, 405);
});
