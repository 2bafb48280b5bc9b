import { areaTexts } from '@/lib/public/area-texts';
import nbGuest from './locales/nb.json';

/**
 * The guest's answer page's strings over the shared public texts. They live beside the page, not in
 * src/locales (the app's start-up lists every file there); the few refusals a guest can meet repeat
 * meeting-errors' words, so the page does not carry the whole catalogue. English loads for `?lang=en`.
 */
const texts = areaTexts({
  norwegian: [nbGuest],
  english: () => import('./locales/en.json').then((module) => [module.default]),
  backKey: 'back',
});

export const guestMessages = texts.messages;
export const useGuestTexts = texts.useTexts;
export const useGuestStatusTexts = texts.useStatusTexts;
