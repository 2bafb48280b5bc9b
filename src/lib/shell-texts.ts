import { i18next } from '@/lib/i18n';
import shellEn from '@/locales/en/shell.json';
import shellNb from '@/locales/nb/shell.json';

// The app shell's texts travel with the signed-in layout's own chunk: the sign-in page's start-up
// never carries them, and the layout never waits for a namespace to load.
i18next.addResourceBundle('nb', 'shell', shellNb);
i18next.addResourceBundle('en', 'shell', shellEn);
