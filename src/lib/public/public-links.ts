/**
 * A public page's address with the visitor's language carried along: `?lang=en` travels, so a visitor
 * who came in English stays in English.
 */
export const withLanguage = (path: string, search: string) =>
  new URLSearchParams(search).get('lang') === 'en' ? `${path}${path.includes('?') ? '&' : '?'}lang=en` : path;
