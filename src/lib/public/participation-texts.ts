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
