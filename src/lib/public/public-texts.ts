/**
 * Texts for public pages without i18next: one JSON per language, dotted keys, `{{name}}` filled in.
 * A missing key shows the key, as i18next does, so a gap is visible rather than blank.
 */
export type Messages = { readonly [key: string]: string | Messages };

export type Translate = (key: string, values?: Record<string, string | number>) => string;

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function createTranslate(messages: Messages): Translate {
  return (key, values = {}) =>
    (lookup(messages, key) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
}

/**
 * The page's language: `?lang=en` (a customer's English site embeds it so), else Norwegian. The
 * browser's own language is not used: the organization chose the page's language, not the visitor.
 */
export function publicLanguage(search: string): 'nb' | 'en' {
  return new URLSearchParams(search).get('lang') === 'en' ? 'en' : 'nb';
}
