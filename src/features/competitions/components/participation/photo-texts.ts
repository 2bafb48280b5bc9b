import en from './locales/photo-en.json';
import nb from './locales/photo-nb.json';
import { useTextsOver } from './participation-texts';

/** The photo field's texts (`me.log.photo*`), riding with the field, which loads after the page. */
export const usePhotoTexts = () => useTextsOver(nb, en);
