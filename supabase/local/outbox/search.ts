/**
 * Mailpit's search syntax (https://mailpit.axllent.org/docs/usage/search-filters/), the part tests use:
 * `to:`, `from:`, `subject:`, `is:read`, `is:unread`, `tag:`, free words (subject, addresses and body),
 * "quoted phrases" and negation with `-` or `!`. All matching is case-insensitive and by substring,
 * like Mailpit's. Turned into SQL with parameters — the query text never becomes SQL.
 */

export class SearchError extends Error {
  override name = 'SearchError';
}

export type SearchTerm =
  | { field: 'to' | 'from' | 'subject' | 'text' | 'tag'; value: string; negate: boolean }
  | { field: 'is'; value: 'read' | 'unread'; negate: boolean };

const MAX_QUERY_LENGTH = 1000;
const MAX_TERMS = 20;
const TOKEN = /([-!]?)(?:([a-z]+):)?(?:"([^"]*)"?|(\S+))/gi;

export function parseSearch(query: string): SearchTerm[] {
  if (query.length > MAX_QUERY_LENGTH)
    throw new SearchError(`search query longer than ${MAX_QUERY_LENGTH} characters`);
  const terms: SearchTerm[] = [];
  for (const [whole, sign = '', prefix, quoted, bare] of query.trim().matchAll(TOKEN)) {
    const negate = sign !== '';
    const value = quoted ?? bare ?? '';
    const field = prefix?.toLowerCase();
    if (field === 'to' || field === 'from' || field === 'subject' || field === 'tag') {
      if (value !== '') terms.push({ field, value, negate });
    } else if (field === 'is' && (value.toLowerCase() === 'read' || value.toLowerCase() === 'unread')) {
      terms.push({ field, value: value.toLowerCase() as 'read' | 'unread', negate });
    } else {
      // An unknown prefix (or an address like http://…) is just a word to look for.
      const word = prefix === undefined ? value : whole.slice(sign.length);
      if (word.replace(/"/g, '') !== '') terms.push({ field: 'text', value: word.replace(/"/g, ''), negate });
    }
  }
  if (terms.length > MAX_TERMS) throw new SearchError(`more than ${MAX_TERMS} search terms`);
  return terms;
}

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * SQL for `where`, ANDing the terms; placeholders continue after `params.length`, and the values
 * are pushed onto `params`. Columns are those of _platform.outbox_messages.
 */
export function searchToSql(terms: readonly SearchTerm[], params: unknown[]): string {
  const conditions = terms.map((term) => {
    let condition: string;
    if (term.field === 'is') {
      condition = term.value === 'read' ? 'read' : 'not read';
    } else if (term.field === 'tag') {
      // Only SMS carry a tag ('sms'), as Mailpit tags come from headers GoTrue does not set.
      params.push(term.value.toLowerCase());
      condition = `(channel = 'sms' and $${params.length} = 'sms')`;
    } else {
      params.push(likePattern(term.value));
      const p = `$${params.length}`;
      const like = (column: string) => `${column} ilike ${p}`;
      const columns = {
        to: ['to_address'],
        from: ['from_address', 'from_name'],
        subject: ['subject'],
        text: ['subject', 'to_address', 'from_address', 'from_name', 'text'],
      }[term.field];
      condition = `(${columns.map(like).join(' or ')})`;
    }
    return term.negate ? `not ${condition}` : condition;
  });
  return conditions.length === 0 ? 'true' : conditions.join(' and ');
}
