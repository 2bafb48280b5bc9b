// Only the field errors: the builder's problems never show here.
import { answers as nbAnswers } from '@/lib/forms/locales/answers-nb.json';
import type { FormMessages } from '@/lib/forms/messages';
import { areaTexts } from '@/lib/public/area-texts';
import type { PublicLanguage } from '@/lib/public/public-texts';
import nbFormsPublic from '@/locales/nb/forms-public.json';

/**
 * The public form's strings: `forms-public` over the shared public texts (its `errors` repeat the
 * uploads' refusals: importing src/lib/public/locales/uploads here split that file out of the
 * competitions' participation page, over its budget);
 * the engine's field errors (`src/lib/forms/locales`) beside them. Norwegian is bundled, English loads
 * for `?lang=en`. The builder's preview renders the same view and gets Norwegian.
 */
const texts = areaTexts({
  norwegian: [nbFormsPublic],
  english: () =>
    Promise.all([
      import('@/locales/en/forms-public.json'),
      import('@/lib/forms/locales/answers-en.json').then((module) => {
        englishAnswers = module.default.answers;
      }),
    ]).then(([own]) => [own.default]),
  backKey: 'back',
});

// Filled when the English texts load (before an English page renders).
let englishAnswers: FormMessages['answers'] | null = null;

export const formMessages = texts.messages;
export const useFormTexts = texts.useTexts;
export const useStatusTexts = texts.useStatusTexts;
export const useWhen = texts.useWhen;

/** The engine's field errors in the page's language (answerErrorMessage reads `answers` only). */
export const engineMessages = (language: PublicLanguage): Pick<FormMessages, 'answers'> => ({
  answers: language === 'en' && englishAnswers ? englishAnswers : nbAnswers,
});
