import { areaTexts } from '@/lib/public/area-texts';
import nbErrors from '@/locales/nb/booking-errors.json';
import nbTexts from './locales/nb.json';

/**
 * The public booking pages' strings (`locales/`, the catalogue `booking-errors`) over the shared
 * public texts: Norwegian bundled, English for `?lang=en`.
 */
const texts = areaTexts({
  norwegian: [nbTexts, nbErrors],
  english: () =>
    Promise.all([import('./locales/en.json'), import('@/locales/en/booking-errors.json')]).then((modules) =>
      modules.map((module) => module.default),
    ),
  backKey: 'back',
});

export const bookingMessages = texts.messages;
export const useBookingTexts = texts.useTexts;
export const useBookingStatusTexts = texts.useStatusTexts;
