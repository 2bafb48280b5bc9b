import { areaTexts } from '@/lib/public/area-texts';
import nbOwn from './locales/nb.json';

/*
 * The booker's own page's texts (beside it in `locales/`), apart from the booking page's: the page
 * books nothing, so it carries none of the booking page's texts or code. The engine's participation
 * texts are added by its registry entry (src/app/public-routes.ts). Norwegian is bundled; English
 * loads for `?lang=en`.
 */
const texts = areaTexts({
  norwegian: [nbOwn],
  english: () => import('./locales/en.json').then((module) => [module.default]),
  backKey: 'participation.toBooking',
});

/** The page's texts for its registry entry, which adds the shared and the engine's ones. */
export const bookingParticipationMessages = texts.messages;

export const useBookingParticipationTexts = texts.useTexts;
