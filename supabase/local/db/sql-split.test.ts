import { splitStatements } from './sql-split.ts';

// Cases from the Supabase CLI's own tests (pkg/parser/state_test.go, token_test.go): joining the
// statements and splitting again must give them back, trimmed as SplitAndTrim trims them.
function roundTrip(statements: string[]) {
  expect(splitStatements(statements.join(''))).toEqual(
    statements.map((s) => s.replace(/;+$/, '').trim()).filter((s) => s.length > 0),
  );
}

describe('splitStatements (the Supabase CLI parser)', () => {
  it.each([
    ['line comment after separator', ['END;', '-- comment']],
    ['line comment before separator', ['SELECT --; 1']],
    ['not a comment', ['- ;', 'END']],
    ['comment between lines', ['-- /* \n;', ' */ END']],
    ['block comment with separator', ['SELECT /* ; */ 1;']],
    ['nested block comment', ['SELECT /*; /*;*/ ;*/ 1']],
    ['not a block comment', ['/ * ;', ' */ END']],
    ['separators without spaces', [';', 'END;', ';']],
    ['separator between spaces', ['BEGIN   ;', '  END']],
    ['backslash-escaped separator', ['\\;;', '\\;']],
    ['named dollar tag', ['$tag$ any ; string$tag$']],
    ['anonymous dollar tag', ['$$"Dane\'s horse"$$']],
    ['not a dollar quote', ['SELECT "$";', ' $$']],
    ['single quote', ["SELECT ';' 1"]],
    ['doubled single quote', ["SELECT ';'';' 1"]],
    ['literal backslash', ["SELECT '\\';", " 1'"]],
    ['double quote', ['CREATE POLICY "cats;dogs" on cats_dogs;', ' END']],
    ['single quote in double quotes', ['CREATE POLICY "cat\'s and dog\'s" on cats_dogs;', ' END']],
    ['doubled double quote', ['CREATE POLICY "pet""name" on pets;', ' END']],
    [
      'parentheses',
      ['CREATE RULE notify_me AS ON UPDATE TO mytable DO (NOTIFY mytable; SELECT "1");', 'SELECT 1'],
    ],
    [
      'literals in parentheses',
      ["CREATE RULE notify_me AS ON UPDATE TO mytable DO (-- )\nSELECT ')';\n-- )\n)\n"],
    ],
    [
      'BEGIN ATOMIC body',
      [
        "CREATE FUNCTION add(a integer, b integer) RETURNS integer\nLANGUAGE SQL\nBEGIN ATOMIC\n\tSELECT 'add';\n\tSELECT a + b;\nEND;",
      ],
    ],
    ['BEGIN ATOMIC in lower case', ["begin atomic; select 'end'; end"]],
    ['BEGIN ATOMIC with comments', ['CREATE FUNCTION test() BEGIN\nATOMIC-- END;\n-- END;\nEND\n;']],
    ['atomic in a table name', ['create table public.atomic_test (id int);', '\nselect 1;']],
    ['atomic in a column name', ['select is_atomic from flags;', '\nselect 1;']],
    ['digit before atomic', ['select col1atomic from t;', '\nselect 1;']],
  ])('%s', (_name, statements) => roundTrip(statements));

  it('keeps comments, trims white space and trailing semicolons, drops empty statements', () => {
    const sql = '-- header\ncreate table a (id int);\n\n;;\n  insert into a values (1) ;\n';
    expect(splitStatements(sql)).toEqual(['-- header\ncreate table a (id int)', 'insert into a values (1)']);
  });

  it('splits a seed-sized statement (no per-character copying: that would run past the test timeout)', () => {
    const values = Array.from({ length: 20_000 }, (_, i) => `(${i}, 'row ${i}; with text')`).join(',\n');
    const statements = splitStatements(`insert into t values ${values};\nselect 1;`);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/'row 19999; with text'\)$/);
  });
});
