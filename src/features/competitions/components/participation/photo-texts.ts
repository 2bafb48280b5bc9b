import enUploads from '@/lib/public/locales/uploads/en.json';
import nbUploads from '@/lib/public/locales/uploads/nb.json';
import { mergeMessages } from '@/lib/public/public-texts';
import en from './locales/photo-en.json';
import nb from './locales/photo-nb.json';
import { useTextsOver } from './participation-texts';

const norwegian = mergeMessages(nb, nbUploads);
const english = mergeMessages(en, enUploads);

/**
 * The photo field's texts (`me.log.photo*` and the uploads' refusals), riding with the field, which
 * loads after the page.
 */
export const usePhotoTexts = () => useTextsOver(norwegian, english);
