/**
 * The subset of Go's `html/template` that `supabase/templates/*.html` use. GoTrue renders those files
 * with `html/template` under `supabase start`; rendering them here with the same rules means both stacks
 * send the same bytes, so the same e2e tests pass against either.
 *
 * Supported: `{{ .Field }}`, `{{ .Data.key }}`, `{{ .Field | urlquery }}`, `{{ if .Field }}…{{ else }}…{{ end }}`,
 * with html/template's contextual escaping for the places the templates put values: HTML text, quoted
 * attribute values, and URL attributes (href/src…) at the start, before the query or inside it.
 * Anything else throws — a template that GoTrue would render differently must fail our tests rather than
 * quietly send a different e-mail.
 */

type Path = readonly string[];

type Node =
  | { type: 'text'; text: string }
  | { type: 'value'; path: Path; urlquery: boolean }
  | { type: 'if'; path: Path; then: Node[]; otherwise: Node[] };

export type TemplateData = Readonly<Record<string, unknown>>;

export class TemplateError extends Error {
  override name = 'TemplateError';
}

const ACTION = /\{\{([\s\S]*?)\}\}/g;
const FIELD_PATH = /^(?:\.[A-Za-z_][A-Za-z0-9_]*)+$/;

function parsePath(source: string): Path {
  if (!FIELD_PATH.test(source)) throw new TemplateError(`unsupported template expression: {{ ${source} }}`);
  return source.slice(1).split('.');
}

/** Parses a template into a tree; throws {@link TemplateError} on syntax outside the supported subset. */
export function parseTemplate(source: string): Node[] {
  const root: Node[] = [];
  // Open `if` blocks: the list we append to, and the `if` node itself (null for the root).
  const stack: { nodes: Node[]; block: Extract<Node, { type: 'if' }> | null; inElse: boolean }[] = [
    { nodes: root, block: null, inElse: false },
  ];
  const top = () => stack[stack.length - 1]!;
  let last = 0;
  for (const match of source.matchAll(ACTION)) {
    if (match.index > last) top().nodes.push({ type: 'text', text: source.slice(last, match.index) });
    last = match.index + match[0].length;
    const raw = match[1]!;
    // Trim markers change whitespace handling; not needed, so not supported.
    if (raw.startsWith('-') || raw.endsWith('-'))
      throw new TemplateError('trim markers {{- -}} are not supported');
    const action = raw.trim();
    if (action === 'end') {
      if (stack.length === 1) throw new TemplateError('{{ end }} without {{ if }}');
      stack.pop();
    } else if (action === 'else') {
      const current = top();
      if (!current.block || current.inElse) throw new TemplateError('{{ else }} without {{ if }}');
      current.inElse = true;
      current.nodes = current.block.otherwise;
    } else if (/^if\s/.test(action)) {
      const block: Extract<Node, { type: 'if' }> = {
        type: 'if',
        path: parsePath(action.slice(2).trim()),
        then: [],
        otherwise: [],
      };
      top().nodes.push(block);
      stack.push({ nodes: block.then, block, inElse: false });
    } else {
      const [expression = '', ...pipes] = action.split('|').map((part) => part.trim());
      if (pipes.length > 1 || (pipes.length === 1 && pipes[0] !== 'urlquery')) {
        throw new TemplateError(`unsupported pipeline: {{ ${action} }}`);
      }
      top().nodes.push({ type: 'value', path: parsePath(expression), urlquery: pipes.length === 1 });
    }
  }
  if (stack.length > 1) throw new TemplateError('{{ if }} without {{ end }}');
  if (last < source.length) root.push({ type: 'text', text: source.slice(last) });
  return root;
}

// ---------------------------------------------------------------------------------------------------
// Escapers, byte for byte as in Go's html/template (html.go, url.go) and net/url.QueryEscape.

const HTML_REPLACEMENTS: Record<string, string> = {
  '\0': '\uFFFD',
  '"': '&#34;',
  "'": '&#39;',
  '&': '&amp;',
  '+': '&#43;',
  '<': '&lt;',
  '>': '&gt;',
};

/** html/template's htmlEscaper (text and quoted attribute values). */
export function htmlEscape(value: string): string {
  return value.replace(/[\0"'&+<>]/g, (char) => HTML_REPLACEMENTS[char] ?? char);
}

const URL_RESERVED = new Set('!#$&*+,/:;=?@[]'.split('').map((char) => char.charCodeAt(0)));
const isAlphaNumeric = (byte: number) =>
  (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
const isUnreserved = (byte: number) =>
  isAlphaNumeric(byte) || byte === 0x2d || byte === 0x2e || byte === 0x5f || byte === 0x7e;
const isHex = (byte: number | undefined) =>
  byte !== undefined &&
  ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66));

/** Go's processURLOnto: normalize keeps reserved characters and valid %xx escapes; escape encodes them. */
function processUrl(value: string, normalize: boolean): string {
  const bytes = Buffer.from(value, 'utf8');
  let out = '';
  bytes.forEach((byte, i) => {
    const keep =
      isUnreserved(byte) ||
      (normalize && URL_RESERVED.has(byte)) ||
      (normalize && byte === 0x25 && isHex(bytes[i + 1]) && isHex(bytes[i + 2]));
    // Go writes lower-case hex here (fmt "%%%02x").
    out += keep ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0')}`;
  });
  return out;
}

/** html/template's urlFilter: only http, https and mailto (or relative) URLs may start an attribute. */
function urlFilter(value: string): string {
  const colon = value.indexOf(':');
  if (colon >= 0 && !value.slice(0, colon).includes('/')) {
    const scheme = value.slice(0, colon).toLowerCase();
    if (scheme !== 'http' && scheme !== 'https' && scheme !== 'mailto') return '#ZgotmplZ';
  }
  return value;
}

/** Go's url.QueryEscape (the `urlquery` function): upper-case hex, space as '+'. */
export function queryEscape(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    if (isUnreserved(byte)) out += String.fromCharCode(byte);
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Context: where in the HTML an action sits, worked out from the template text before it, as
// html/template does (values never change the context).

type Context = 'text' | 'attr' | 'url-start' | 'url-path' | 'url-query';

// html/template treats these attribute values as URLs (attrTypeMap, contentTypeURL).
const URL_ATTRIBUTES = new Set([
  'action',
  'background',
  'cite',
  'formaction',
  'href',
  'icon',
  'longdesc',
  'manifest',
  'poster',
  'src',
  'usemap',
]);

/** Stands in for a value already written, so a following action is no longer at the start of a URL. */
const VALUE_MARK = '\u0001';

function contextAt(before: string): Context {
  const lastOpen = Math.max(
    before.toLowerCase().lastIndexOf('<script'),
    before.toLowerCase().lastIndexOf('<style'),
  );
  const lastClose = Math.max(
    before.toLowerCase().lastIndexOf('</script'),
    before.toLowerCase().lastIndexOf('</style'),
  );
  if (lastOpen > lastClose) throw new TemplateError('values inside <script> or <style> are not supported');
  const tagStart = before.lastIndexOf('<');
  if (tagStart <= before.lastIndexOf('>')) return 'text';
  const attribute = /([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)|'([^']*))$/.exec(before.slice(tagStart));
  if (!attribute) throw new TemplateError('values inside a tag must be in a quoted attribute value');
  const name = attribute[1]!.toLowerCase();
  const valueSoFar = attribute[2] ?? attribute[3] ?? '';
  if (name.startsWith('on') || name === 'style' || name === 'srcset') {
    throw new TemplateError(`values in the ${name} attribute are not supported`);
  }
  if (!URL_ATTRIBUTES.has(name)) return 'attr';
  if (valueSoFar === '') return 'url-start';
  return /[?#]/.test(valueSoFar) ? 'url-query' : 'url-path';
}

function escapeIn(context: Context, value: string, urlquery: boolean): string {
  // `urlquery` is the last command of the pipeline; html/template then adds only its HTML escaper
  // (in a query it replaces the URL escaper it would have added).
  if (urlquery) return htmlEscape(queryEscape(value));
  switch (context) {
    case 'text':
    case 'attr':
      return htmlEscape(value);
    case 'url-start':
      return htmlEscape(processUrl(urlFilter(value), true));
    case 'url-path':
      return htmlEscape(processUrl(value, true));
    case 'url-query':
      return htmlEscape(processUrl(value, false));
  }
}

// ---------------------------------------------------------------------------------------------------

function lookup(data: TemplateData, path: Path): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key)) {
      return undefined; // a missing map key: html/template prints nothing, `if` is false
    }
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Go's truth for `if`: false, 0, nil and empty strings, slices and maps are false. */
function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function stringify(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  // Go would print map[...]; no template prints a whole object, so JSON is a readable stand-in.
  return JSON.stringify(value);
}

// Go's html/template drops HTML comments from the template text.
const stripComments = (text: string) => text.replace(/<!--[\s\S]*?-->/g, '');

function run(nodes: readonly Node[], data: TemplateData, before: string): { out: string; before: string } {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') {
      const text = stripComments(node.text);
      out += text;
      before += text;
    } else if (node.type === 'value') {
      out += escapeIn(contextAt(before), stringify(lookup(data, node.path)), node.urlquery);
      before += VALUE_MARK;
    } else {
      // Both branches start from the context before the `if`.
      const branch = run(isTruthy(lookup(data, node.path)) ? node.then : node.otherwise, data, before);
      out += branch.out;
      before = branch.before;
    }
  }
  return { out, before };
}

/** Renders a parsed template. Throws {@link TemplateError} when a value sits where escaping is unsupported. */
export function executeTemplate(nodes: readonly Node[], data: TemplateData): string {
  return run(nodes, data, '').out;
}

export function renderGoTemplate(source: string, data: TemplateData): string {
  return executeTemplate(parseTemplate(source), data);
}
