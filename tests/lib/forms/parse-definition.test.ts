import { parseDefinition } from '@/lib/forms/engine';
import contactJson from '../../fixtures/forms/kontakt-oss.json';
import quoteJson from '../../fixtures/forms/tilbudsforesporsel.json';

const copy = <T>(value: T): T => structuredClone(value);

describe('parseDefinition', () => {
  it.each([
    ['Kontakt oss', contactJson],
    ['Tilbudsforespørsel', quoteJson],
  ])('reads «%s» back unchanged', (_name, json) => {
    expect(parseDefinition(copy(json))).toEqual({ ok: true, definition: json });
  });

  it('drops fields it does not know', () => {
    const json = copy(contactJson) as Record<string, unknown>;
    json.script = '<script>';
    (json.pages as { blocks: Record<string, unknown>[] }[])[0]!.blocks[1]!.onclick = 'x';
    expect(parseDefinition(json)).toEqual({ ok: true, definition: contactJson });
  });

  /** Sets the field at `where` (`pages[0].blocks[1].id`) of a copy of «Tilbudsforespørsel». */
  function changed(where: string, value: unknown): unknown {
    const json: unknown = copy(quoteJson);
    const steps = where.split(/[.[\]]+/).filter(Boolean);
    const last = steps.pop() ?? '';
    const parent = steps.reduce((node, step) => (node as Record<string, unknown>)[step], json);
    (parent as Record<string, unknown>)[last] = value;
    return json;
  }

  const rows: [name: string, where: string, value: unknown][] = [
    ['another version', 'version', 2],
    ['pages not a list', 'pages', {}],
    ['a page without an id', 'pages[0].id', ''],
    ['an id with a space', 'pages[0].blocks[1].id', 'b hva'],
    ['an id that is an object’s prototype', 'pages[0].blocks[1].id', '__proto__'],
    ['an unknown kind', 'pages[0].blocks[1].kind', 'slider'],
    ['a kind named like a built-in', 'pages[0].blocks[1].kind', 'toString'],
    ['a key with capitals', 'pages[0].blocks[1].key', 'Hva'],
    ['a label that is a number', 'pages[0].blocks[1].label', 5],
    ['a label over 1000 characters', 'pages[0].blocks[1].label', 'a'.repeat(1001)],
    ['an option without an id', 'pages[0].blocks[1].options[0].id', undefined],
    ['points as text', 'pages[0].blocks[1].options[0].points', '2'],
    ['a short text limit over 500', 'pages[0].blocks[3].maxLength', 501],
    ['required as text', 'pages[0].blocks[3].required', 'ja'],
    ['a date limit not in ISO', 'pages[2].blocks[3].min', '01.01.2026'],
    ['an unknown consent', 'pages[2].blocks[4].consent', 'everything'],
    ['too many files', 'pages[1].blocks[3].maxFiles', 11],
    ['an unknown action', 'rules[0].action', 'loop'],
    ['an unknown operator', 'rules[0].when.groups[0].conditions[0].operator', 'matches'],
    ['a condition value that is an object', 'rules[0].when.groups[0].conditions[0].value', {}],
    ['a score condition without a number', 'rules[1].when.groups[1].conditions[0].value', 'fem'],
    ['a join that is neither and nor or', 'rules[0].when.join', 'xor'],
    ['an ending without a title', 'endings[0].title', undefined],
    ['no default ending', 'defaultEnding', undefined],
    ['51 pages', 'pages', Array.from({ length: 51 }, () => quoteJson.pages[0])],
  ];

  it.each(rows)('refuses %s', (_name, where, value) => {
    expect(parseDefinition(changed(where, value))).toEqual({ ok: false, path: where });
  });

  it.each([null, 'tekst', [], 42])('refuses %j', (json) => {
    expect(parseDefinition(json)).toEqual({ ok: false, path: 'definition' });
  });
});
