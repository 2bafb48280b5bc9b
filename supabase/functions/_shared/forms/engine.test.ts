/**
 * The server's copy of the forms engine runs the same table cases as the app's vitest tests
 * (tests/fixtures/forms/cases.ts): same paths, endings, scores, errors and cleaned answers.
 */
import assert from 'node:assert/strict';
import {
  contactForm,
  phoneCases,
  PHOTO_ID,
  quoteForm,
  quotePathCases,
  quoteValidationCases,
} from '../../../../tests/fixtures/forms/cases.ts';
import { checkDefinition, evaluate, validateAnswers } from './index.ts';

Deno.test('the example forms have no problems', () => {
  assert.deepEqual(checkDefinition(contactForm), []);
  assert.deepEqual(checkDefinition(quoteForm), []);
});

for (const example of quotePathCases) {
  Deno.test(`path: ${example.name}`, () => {
    const result = evaluate(quoteForm, example.answers, example.hidden);
    assert.deepEqual(result.path, example.path);
    assert.equal(result.ending.id, example.ending);
    assert.equal(result.score, example.score);
    if (example.text !== undefined) assert.equal(result.ending.text, example.text);
  });
}

for (const example of quoteValidationCases) {
  Deno.test(`validation: ${example.name}`, () => {
    const result = validateAnswers(quoteForm, example.answers, example.hidden);
    const errors = result.ok ? [] : result.errors.map((error) => `${error.blockId}:${error.code}`);
    assert.deepEqual(errors, example.errors);
    if (example.cleaned) assert.deepEqual(result.ok && result.cleaned, example.cleaned);
  });
}

Deno.test('phone numbers are normalised as the app does', () => {
  for (const [typed, stored] of phoneCases) {
    const answers = { b_hva: 'o_kjokken', b_telefon: typed, b_bilder: [PHOTO_ID] };
    const result = validateAnswers(quoteForm, answers, {}, { page: 'p_kontakt' });
    const error = result.ok ? undefined : result.errors.find((item) => item.blockId === 'b_telefon');
    assert.equal(error?.code, stored ? undefined : 'invalid_phone', typed);
  }
});
