import { findFunctionCopies, MAX_COPIED_LINES } from '../../scripts/lib/migration-copies';

/** A PL/pgSQL function whose body has `steps` distinct statements; `errcode` is the one line a change edits. */
function plpgsqlFunction(create: string, steps: number, errcode = 'P0002'): string {
  const statements = Array.from({ length: steps }, (_, index) => `  perform ${index + 1};`).join('\n');
  return `${create} function public.pay(input_id uuid)
returns void
language plpgsql
as $$
begin
${statements}
  if not found then
    raise exception using errcode = '${errcode}', message = 'not-found';
  end if;
end;
$$;
`;
}

const first = { file: '20260101000000_pay.sql', sql: plpgsqlFunction('create', 30) };

describe('check:migrations', () => {
  it('fails on a migration that re-creates a large function whole to change one line', () => {
    const copy = {
      file: '20260102000000_pay_404.sql',
      sql: plpgsqlFunction('create or replace', 30, 'PT404'),
    };

    const problems = findFunctionCopies([first, copy]);

    expect(problems).toEqual([
      '20260102000000_pay_404.sql: public.pay re-creates the function defined in 20260101000000_pay.sql and ' +
        `keeps 31 of its body lines unchanged (at most ${MAX_COPIED_LINES - 1} allowed). Move the part you ` +
        'change into a smaller function and re-create only that.',
    ]);
  });

  it('passes a small function re-created with a change', () => {
    const small = { file: '20260101000000_pay.sql', sql: plpgsqlFunction('create', 10) };
    const change = {
      file: '20260102000000_pay_404.sql',
      sql: plpgsqlFunction('create or replace', 10, 'PT404'),
    };

    expect(findFunctionCopies([small, change])).toEqual([]);
  });

  it('passes a large function re-created with a body that is mostly new', () => {
    const rewrite = {
      file: '20260102000000_pay_rewrite.sql',
      sql: plpgsqlFunction('create or replace', 30).replaceAll('perform', 'perform 10 *'),
    };

    expect(findFunctionCopies([first, rewrite])).toEqual([]);
  });

  it('fails on a second create function (without or replace) of the same name', () => {
    const again = { file: '20260102000000_pay_again.sql', sql: plpgsqlFunction('create', 3) };

    expect(findFunctionCopies([first, again])).toEqual([
      '20260102000000_pay_again.sql: create function public.pay again (first defined in ' +
        '20260101000000_pay.sql). Change the one definition instead, or move the part you change into a ' +
        'smaller function and re-create only that.',
    ]);
  });

  it('reads the migrations in file-name order, as they are applied', () => {
    const copy = {
      file: '20260102000000_pay_404.sql',
      sql: plpgsqlFunction('create or replace', 30, 'PT404'),
    };

    expect(findFunctionCopies([copy, first])).toHaveLength(1);
  });
});
