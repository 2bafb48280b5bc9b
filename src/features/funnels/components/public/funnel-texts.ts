import { areaTexts } from '@/lib/public/area-texts';
import nbErrors from '@/locales/nb/funnel-errors.json';
import nbTexts from '@/locales/nb/funnels-public.json';

/**
 * The funnel's public strings (`funnels-public`, its error catalogue `funnel-errors`) over the shared
 * public texts: Norwegian bundled, English for `?lang=en`.
 */
const texts = areaTexts({
  norwegian: [nbTexts, nbErrors],
  english: () =>
    Promise.all([import('@/locales/en/funnels-public.json'), import('@/locales/en/funnel-errors.json')]).then(
      (modules) => modules.map((module) => module.default),
    ),
  backKey: 'back',
});

export const funnelMessages = texts.messages;
export const useFunnelTexts = texts.useTexts;
export const useFunnelStatusTexts = texts.useStatusTexts;
