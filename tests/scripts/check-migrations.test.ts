import { findFunctionCopies, MAX_COPIED_LINES } from '../../scripts/lib/migration-copies';
import { findLandedEdits, findPersonCopies } from '../../scripts/lib/migration-guards';

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

describe('check:migrations: one copy of a person', () => {
  it('refuses a new *_participants, *_tokens or *_draws table', () => {
    const sql = `create table public.competition_participants (id uuid primary key);
create table private.competition_tokens (token_hash text primary key);
create table public.competition_draws (id uuid primary key);`;

    expect(findPersonCopies([{ file: '20270101000000_competitions.sql', sql }])).toEqual([
      expect.stringContaining('public.competition_participants copies the campaign engine'),
      expect.stringContaining('private.competition_tokens copies the campaign engine'),
      expect.stringContaining('public.competition_draws copies the campaign engine'),
    ]);
  });

  it('refuses an email column outside participants and leads, in a new table or added later', () => {
    const sql = `create table public.form_answers (
  id uuid primary key,
  email text not null check (private.is_valid_email(email))
);
alter table public.popups add column email text;`;

    expect(findPersonCopies([{ file: '20270101000000_forms.sql', sql }])).toEqual([
      expect.stringContaining('public.form_answers has an email column'),
      expect.stringContaining('public.popups gains an email column'),
    ]);
  });

  it('passes the engine’s own tables, allowed ones, and email in a comment or a function', () => {
    const sql = `create table public.participants (
  id uuid primary key,
  -- email is lower-cased
  email text not null
);
create table private.participant_tokens (token_hash text primary key);
create table public.leads (email text);
create function public.x() returns table (email text) language sql as $$ select 'a' $$;`;

    expect(findPersonCopies([{ file: '20270101000000_engine.sql', sql }])).toEqual([]);
  });
});

describe('check:migrations: landed migrations are frozen', () => {
  const landed = [{ file: '20260101000000_a.sql', sql: 'select 1;' }];

  it('refuses an edit or a deletion of a migration that is on main, and allows a new one', () => {
    expect(findLandedEdits([{ file: '20260101000000_a.sql', sql: 'select 2;' }], landed)).toEqual([
      expect.stringContaining('20260101000000_a.sql is on main and was edited'),
    ]);
    expect(findLandedEdits([], landed)).toEqual([
      expect.stringContaining('20260101000000_a.sql is on main and was deleted'),
    ]);
    expect(findLandedEdits([...landed, { file: '20260102000000_b.sql', sql: 'select 3;' }], landed)).toEqual(
      [],
    );
  });
});
