/** The public pieces' own namespaces (src/lib/public/locales/<namespace>/): English has every Norwegian key. */
import { UPLOAD_ERROR_CODES } from '@/lib/public/campaign-codes';

type Json = { [key: string]: string | Json };

const files = import.meta.glob<Json>('../../../src/lib/public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

const keysOf = (json: Json, prefix = ''): string[] =>
  Object.entries(json).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

const byNamespace = new Map<string, Record<string, Json>>();
for (const [path, json] of Object.entries(files)) {
  const [, namespace = '', language = ''] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  byNamespace.set(namespace, { ...byNamespace.get(namespace), [language]: json });
}

describe('the public pieces’ texts', () => {
  it('has the namespaces it loads', () => {
    expect([...byNamespace.keys()].sort()).toEqual(['draws', 'participation', 'uploads']);
  });

  it('uploads: says every refusal of an upload', () => {
    const messages = byNamespace.get('uploads')?.nb?.errors as Record<string, string> | undefined;
    expect(Object.keys(messages ?? {}).sort()).toEqual([...UPLOAD_ERROR_CODES].sort());
  });

  it.each([...byNamespace.entries()])('%s: English and Norwegian have the same keys', (_, languages) => {
    expect(languages.nb).toBeDefined();
    expect(keysOf(languages.en ?? {}).sort()).toEqual(keysOf(languages.nb ?? {}).sort());
  });
});
