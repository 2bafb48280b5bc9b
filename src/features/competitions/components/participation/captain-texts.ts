import en from './locales/captain-en.json';
import nb from './locales/captain-nb.json';
import { useTextsOver } from './participation-texts';

/** The captain's texts (`me.captain.*`), riding with the captain's tools, which only captains load. */
export const useCaptainTexts = () => useTextsOver(nb, en);
