import {
  formatSchemaReference,
  schemaReferenceDrift,
  type SqlFunction,
} from '../../scripts/lib/schema-reference';

const isValidEmail: SqlFunction = {
  schema: 'private',
  name: 'is_valid_email',
  arguments: 'email text',
  result: 'boolean',
  language: 'sql',
  security_definer: false,
  config: ['search_path=""'],
  grantees: ['authenticated', 'postgres'],
  comment: 'True for an address GoTrue would accept.',
  definition:
    'CREATE OR REPLACE FUNCTION private.is_valid_email(email text)\n AS $function$ select true $function$\n',
};

describe('supabase/schema.md', () => {
  it('describes each function under its schema, with an index and the full definition', () => {
    const reference = formatSchemaReference([isValidEmail]);

    expect(reference).toContain('Do not\nedit: change the migrations and run `npm run db:schema` again');
    expect(reference).toContain('## Schema public (0 functions)');
    expect(reference).toContain(
      '## Schema private (1 functions)\n\n- [private.is_valid_email(email text)](#privateis_valid_emailemail-text)',
    );
    expect(reference).toContain(
      [
        '### private.is_valid_email(email text)',
        '',
        '- returns: `boolean`',
        '- language: sql, security invoker',
        '- search_path: `""`',
        '- execute: authenticated, postgres',
        '- comment: True for an address GoTrue would accept.',
        '',
        '```sql',
        'CREATE OR REPLACE FUNCTION private.is_valid_email(email text)\n AS $function$ select true $function$',
        '```',
      ].join('\n'),
    );
  });

  it('is stale when the file differs from what the migrated database renders, or is missing', () => {
    const rendered = formatSchemaReference([isValidEmail]);

    expect(schemaReferenceDrift(rendered, rendered)).toBeUndefined();
    expect(schemaReferenceDrift(`${rendered}edited\n`, rendered)).toBe(
      'supabase/schema.md is stale: run npm run db:schema',
    );
    expect(schemaReferenceDrift(undefined, rendered)).toBe(
      'supabase/schema.md is stale: run npm run db:schema',
    );
  });
});
