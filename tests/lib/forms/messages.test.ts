import enAnswers from '@/lib/forms/locales/answers-en.json';
import nbAnswers from '@/lib/forms/locales/answers-nb.json';
import enProblems from '@/lib/forms/locales/en.json';
import nbProblems from '@/lib/forms/locales/nb.json';
import { answerErrorMessage, definitionProblemMessage } from '@/lib/forms/messages';

const en = { ...enAnswers, ...enProblems };
const nb = { ...nbAnswers, ...nbProblems };

describe('the forms engine’s messages', () => {
  it('has the same keys in Norwegian and English', () => {
    expect(Object.keys(en.answers)).toEqual(Object.keys(nb.answers));
    expect(Object.keys(en.problems)).toEqual(Object.keys(nb.problems));
  });

  it.each([
    [{ blockId: 'b', code: 'invalid_email' }, 'Skriv en gyldig e-postadresse, for eksempel navn@firma.no.'],
    [{ blockId: 'b', code: 'too_long', max: '500' }, 'Svaret kan ha høyst 500 tegn.'],
    [{ blockId: 'b', code: 'out_of_range', min: '1', max: '100' }, 'Svaret må være fra 1 til 100.'],
    [{ blockId: 'b', code: 'out_of_range', min: '01.12.2026' }, 'Svaret må være minst 01.12.2026.'],
    [{ blockId: 'b', code: 'out_of_range', max: '1\u00a0000' }, 'Svaret kan være høyst 1\u00a0000.'],
  ] as const)('%j → %s', (error, message) => {
    expect(answerErrorMessage(error, nb)).toBe(message);
  });

  it('names the key a problem is about', () => {
    expect(definitionProblemMessage({ code: 'duplicate_key', key: 'navn', block: 'b2' }, nb)).toBe(
      'Nøkkelen «navn» brukes av flere felt. Gi hvert felt sin egen nøkkel.',
    );
  });
});
