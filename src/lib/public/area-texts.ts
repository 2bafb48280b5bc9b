import { osloDate, osloTime } from './oslo-time';
import {
  createTranslate,
  failureText,
  type Messages,
  mergeMessages,
  norwegianSharedMessages,
  type PublicLanguage,
  type PublicTexts,
  usePublicTexts,
} from './public-texts';

type AreaTextsInput = {
  /** The area's Norwegian namespaces (bundled: its own texts and its error catalogue). */
  norwegian: Messages[];
  /** The same in English, loaded only for `?lang=en`. */
  english: () => Promise<Messages[]>;
  /** The key of the way back that PageStatus offers («Til kalenderen»). */
  backKey: string;
};

/**
 * An area's public texts over the shared ones: the loader the public entry calls
 * (src/app/public-routes.ts), the Norwegian fallback for its components in the signed-in app (a
 * preview), and the hooks its pages read them with.
 */
export function areaTexts({ norwegian, english, backKey }: AreaTextsInput) {
  const norwegianTexts: PublicTexts = {
    t: createTranslate<Messages>(mergeMessages(norwegianSharedMessages, ...norwegian), 'nb'),
    language: 'nb',
  };
  const useTexts = () => usePublicTexts(norwegianTexts);
  return {
    norwegianTexts,
    useTexts,
    /** The area's texts for the public entry, which adds the shared ones. */
    messages: async (language: PublicLanguage): Promise<Messages> =>
      mergeMessages(...(language === 'nb' ? norwegian : await english())),
    /** What the shared PageStatus says in the area's words. */
    useStatusTexts: () => {
      const { t } = useTexts();
      return {
        loadingText: t('loading'),
        describe: (code: string) => failureText(t, code),
        backText: t(backKey),
      };
    },
    /** «5. desember kl. 08:00». */
    useWhen: () => {
      const { t, language } = useTexts();
      return (moment: string | Date) =>
        t('when', { date: osloDate(moment, language), time: osloTime(moment, language) });
    },
  };
}
