import { areaTexts } from '@/lib/public/area-texts';
import nbErrors from '@/locales/nb/checkout-errors.json';
import nbTexts from '@/locales/nb/checkouts-public.json';

/**
 * The checkout's public strings (`checkouts-public`, its error catalogue `checkout-errors`) over the
 * shared public texts: Norwegian bundled, English for `?lang=en`. The builder's preview renders the
 * same view and gets Norwegian.
 */
const texts = areaTexts({
  norwegian: [nbTexts, nbErrors],
  english: () =>
    Promise.all([
      import('@/locales/en/checkouts-public.json'),
      import('@/locales/en/checkout-errors.json'),
    ]).then((modules) => modules.map((module) => module.default)),
  backKey: 'back',
});

export const checkoutMessages = texts.messages;
export const useCheckoutTexts = texts.useTexts;
export const useCheckoutStatusTexts = texts.useStatusTexts;
