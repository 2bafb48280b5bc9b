import { areaTexts } from '@/lib/public/area-texts';
import nbOwn from './locales/nb.json';

/*
 * The buyer's own page's texts (beside it in `locales/`), apart from the checkout's: the page shows
 * no checkout, so it carries none of its texts or its card form. The engine's participation texts are
 * added by its registry entry (src/app/public-routes.ts). Norwegian is bundled; English loads for
 * `?lang=en`.
 */
const texts = areaTexts({
  norwegian: [nbOwn],
  english: () => import('./locales/en.json').then((module) => [module.default]),
  backKey: 'participation.toCheckout',
});

/** The page's texts for its registry entry, which adds the shared and the engine's ones. */
export const checkoutParticipationMessages = texts.messages;

export const useCheckoutParticipationTexts = texts.useTexts;
