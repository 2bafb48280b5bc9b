import nbParticipation from './locales/participation/nb.json';
import {
  createTranslate,
  type Messages,
  mergeMessages,
  norwegianSharedMessages,
  type PublicLanguage,
  type PublicTexts,
  type Translate,
  usePublicTexts,
} from './public-texts';

/*
 * The participation page's texts, the same for every kind of campaign (`locales/participation/`): apart
 * from `public`, which every public page bundles, and from the app's `src/locales`, whose every file
 * the signed-in entry lists. An area's participation page adds them to its texts
 * (src/app/public-routes.ts).
 */

/**
 * The namespace in a language (Norwegian bundled, English loaded when asked for), under the area's
 * texts, which win.
 */
export async function participationMessages(
  language: PublicLanguage,
  area: Promise<Messages>,
): Promise<Messages> {
  const own =
    language === 'nb' ? nbParticipation : import('./locales/participation/en.json').then((m) => m.default);
  const [texts, areaTexts] = await Promise.all([own, area]);
  return mergeMessages(texts, areaTexts);
}

/** Outside the public entry (no provider): the shared texts and these, in Norwegian. */
const norwegianParticipationTexts: PublicTexts = {
  t: createTranslate<Messages>(mergeMessages(norwegianSharedMessages, nbParticipation), 'nb'),
  language: 'nb',
};

export const useParticipationTexts = () => usePublicTexts(norwegianParticipationTexts);

/** A campaign kind's name, or the kind itself for one this page does not know yet. */
export const kindName = (t: Translate, kind: string) =>
  t.has(`participation.kinds.${kind}`) ? t(`participation.kinds.${kind}`) : kind;

/** An entry's item as the kind names it (a calendar's door: «Luke 2»). */
export const itemName = (t: Translate, kind: string, item: number) =>
  t(t.has(`participation.items.${kind}`) ? `participation.items.${kind}` : 'participation.items.other', {
    item,
  });

/** One answer as text: a list joined, an «annet» choice or a file by its parts, the rest as written. */
function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (value !== null && typeof value === 'object') return Object.values(value).map(answerText).join(', ');
  return String(value);
}

/**
 * An entry's answers on one line, «Navn: Ada, Hva gjelder det?: Lekkasje»; the engine's own fields (a
 * progress entry's date and note) by their names in the language; null when there are none.
 */
export const answersText = (t: Translate, answers: Record<string, unknown> | null) =>
  answers && Object.keys(answers).length > 0
    ? Object.entries(answers)
        .map(([key, value]) => {
          const name = t.has(`participation.fields.${key}`) ? t(`participation.fields.${key}`) : key;
          return `${name}: ${answerText(value)}`;
        })
        .join(', ')
    : null;
