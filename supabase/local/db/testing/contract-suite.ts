/**
 * What the embedded database promises, run against every `Db` implementation (PGlite in-process, and a
 * plain PostgreSQL 15 server through `pg`): the bootstrap, roles and grants, auth.uid() and RLS,
 * migrations and seeds recorded like the Supabase CLI records them, and the shared value mapping.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../contracts.ts';
import { bootstrapDatabase, type BootstrapReport } from '../bootstrap.ts';
import { applyMigrations, applySeed } from '../migrate.ts';

const USER_A = '11111111-1111-4111-8111-111111111111';
const USER_B = '22222222-2222-4222-8222-222222222222';

/** GoTrue's auth.users, column by column (supabase/auth migrations, as a hosted project has it). */
const AUTH_USERS_COLUMNS: [string, string][] = [
  ['instance_id', 'uuid'],
  ['id', 'uuid'],
  ['aud', 'character varying'],
  ['role', 'character varying'],
  ['email', 'character varying'],
  ['encrypted_password', 'character varying'],
  ['email_confirmed_at', 'timestamp with time zone'],
  ['invited_at', 'timestamp with time zone'],
  ['confirmation_token', 'character varying'],
  ['confirmation_sent_at', 'timestamp with time zone'],
  ['recovery_token', 'character varying'],
  ['recovery_sent_at', 'timestamp with time zone'],
  ['email_change_token_new', 'character varying'],
  ['email_change', 'character varying'],
  ['email_change_sent_at', 'timestamp with time zone'],
  ['last_sign_in_at', 'timestamp with time zone'],
  ['raw_app_meta_data', 'jsonb'],
  ['raw_user_meta_data', 'jsonb'],
  ['is_super_admin', 'boolean'],
  ['created_at', 'timestamp with time zone'],
  ['updated_at', 'timestamp with time zone'],
  ['phone', 'text'],
  ['phone_confirmed_at', 'timestamp with time zone'],
  ['phone_change', 'text'],
  ['phone_change_token', 'character varying'],
  ['phone_change_sent_at', 'timestamp with time zone'],
  ['confirmed_at', 'timestamp with time zone'],
  ['email_change_token_current', 'character varying'],
  ['email_change_confirm_status', 'smallint'],
  ['banned_until', 'timestamp with time zone'],
  ['reauthentication_token', 'character varying'],
  ['reauthentication_sent_at', 'timestamp with time zone'],
  ['is_sso_user', 'boolean'],
  ['deleted_at', 'timestamp with time zone'],
  ['is_anonymous', 'boolean'],
];

const AUTH_IDENTITIES_COLUMNS: [string, string][] = [
  ['provider_id', 'text'],
  ['user_id', 'uuid'],
  ['identity_data', 'jsonb'],
  ['provider', 'text'],
  ['last_sign_in_at', 'timestamp with time zone'],
  ['created_at', 'timestamp with time zone'],
  ['updated_at', 'timestamp with time zone'],
  ['email', 'text'],
  ['id', 'uuid'],
];

type Role = 'anon' | 'authenticated' | 'service_role';

/** Runs `sql` as PostgREST would for a request with these JWT claims: set local role + request.jwt.claims. */
async function asRole<Row>(db: Db, role: Role, sub: string | null, sql: string): Promise<Row[]> {
  return db.transaction(async (tx) => {
    // The role comes from a fixed list, never from input: safe to inline (SET takes no parameters).
    await tx.query(`set local role ${role}`);
    await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub, role })]);
    return (await tx.query<Row>(sql)).rows;
  });
}

export function describeDatabaseContract(
  name: string,
  open: () => Promise<{ db: Db; done: () => Promise<void> }>,
) {
  describe(name, () => {
    let db: Db;
    let done: () => Promise<void>;
    let firstBootstrap: BootstrapReport;
    const scratch = mkdtempSync(path.join(tmpdir(), 'db-contract-'));

    beforeAll(async () => {
      ({ db, done } = await open());
      firstBootstrap = await bootstrapDatabase(db);
    });

    afterAll(async () => {
      await done();
      rmSync(scratch, { recursive: true, force: true });
    });

    describe('bootstrap', () => {
      it('applies every file of the folder in name order, then skips them while unchanged', async () => {
        expect(firstBootstrap.applied.slice(0, 4)).toEqual([
          '00-roles.sql',
          '01-schemas.sql',
          '02-auth.sql',
          '03-privileges.sql',
        ]);
        expect(firstBootstrap.applied).toEqual([...firstBootstrap.applied].sort());
        const again = await bootstrapDatabase(db);
        expect(again.applied).toEqual([]);
        expect(again.unchanged).toEqual(firstBootstrap.applied);
      });

      it('can run every file again on an existing database (they are idempotent)', async () => {
        const forced = await bootstrapDatabase(db, { force: true });
        expect(forced.applied).toEqual(firstBootstrap.applied);
      });

      it('applies a file of another folder once, and again when it changes', async () => {
        const dir = path.join(scratch, 'bootstrap');
        mkdirSync(dir);
        writeFileSync(
          path.join(dir, '50-extra.sql'),
          'create table if not exists public.bootstrap_probe (n int);',
        );
        expect((await bootstrapDatabase(db, { dir })).applied).toEqual(['50-extra.sql']);
        expect((await bootstrapDatabase(db, { dir })).applied).toEqual([]);
        writeFileSync(
          path.join(dir, '50-extra.sql'),
          'alter table public.bootstrap_probe add column if not exists m int;',
        );
        expect((await bootstrapDatabase(db, { dir })).applied).toEqual(['50-extra.sql']);
      });

      it('creates the roles PostgREST switches between', async () => {
        const { rows } = await db.query<{
          rolname: string;
          rolcanlogin: boolean;
          rolinherit: boolean;
          rolbypassrls: boolean;
        }>(
          `select rolname, rolcanlogin, rolinherit, rolbypassrls from pg_roles
           where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
        );
        expect(rows).toEqual([
          { rolname: 'anon', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
          { rolname: 'authenticated', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
          { rolname: 'authenticator', rolcanlogin: true, rolinherit: false, rolbypassrls: false },
          { rolname: 'service_role', rolcanlogin: false, rolinherit: false, rolbypassrls: true },
        ]);
        const members = await db.query<{ role: string }>(
          `select r.rolname as role from pg_auth_members m
           join pg_roles r on r.oid = m.roleid join pg_roles u on u.oid = m.member
           where u.rolname = 'authenticator' order by 1`,
        );
        expect(members.rows.map((row) => row.role)).toEqual(['anon', 'authenticated', 'service_role']);
      });

      it('creates the schemas, with pgcrypto and uuid-ossp in `extensions`', async () => {
        const schemas = await db.query<{ nspname: string }>(
          `select nspname from pg_namespace where nspname in
           ('auth', 'storage', 'extensions', 'supabase_migrations', 'graphql_public') order by 1`,
        );
        expect(schemas.rows.map((row) => row.nspname)).toEqual([
          'auth',
          'extensions',
          'graphql_public',
          'storage',
          'supabase_migrations',
        ]);
        const extensions = await db.query<{ extname: string; schema: string }>(
          `select extname, extnamespace::regnamespace::text as schema from pg_extension
           where extname in ('pgcrypto', 'uuid-ossp') order by 1`,
        );
        expect(extensions.rows).toEqual([
          { extname: 'pgcrypto', schema: 'extensions' },
          { extname: 'uuid-ossp', schema: 'extensions' },
        ]);
        const { rows } = await db.query<{ ok: boolean }>(
          "select extensions.crypt('pw', extensions.gen_salt('bf')) like '$2a$%' and extensions.uuid_generate_v4() is not null as ok",
        );
        expect(rows[0]?.ok).toBe(true);
      });
    });

    describe('auth schema', () => {
      it("has GoTrue's auth.users and auth.identities columns", async () => {
        const columns = async (table: string) =>
          (
            await db.query<{ column_name: string; data_type: string }>(
              `select column_name, data_type from information_schema.columns
               where table_schema = 'auth' and table_name = $1 order by ordinal_position`,
              [table],
            )
          ).rows.map((row): [string, string] => [row.column_name, row.data_type]);
        expect(await columns('users')).toEqual(AUTH_USERS_COLUMNS);
        expect(await columns('identities')).toEqual(AUTH_IDENTITIES_COLUMNS);
      });

      it("has GoTrue's unique indexes and generated columns", async () => {
        await db.query(
          `insert into auth.users (id, email, phone, email_confirmed_at, phone_confirmed_at)
           values ($1, 'a@example.com', '4790000001', '2024-01-02T00:00:00Z', '2024-01-01T00:00:00Z')`,
          [USER_A],
        );
        const { rows } = await db.query<{ confirmed_at: Date }>(
          'select confirmed_at from auth.users where id = $1',
          [USER_A],
        );
        expect(rows[0]?.confirmed_at).toEqual(new Date('2024-01-01T00:00:00Z'));
        const duplicate = (sql: string, params: unknown[]) =>
          expect(db.query(sql, params)).rejects.toMatchObject({ code: '23505' });
        await duplicate("insert into auth.users (id, email) values ($1, 'a@example.com')", [USER_B]);
        await duplicate("insert into auth.users (id, phone) values ($1, '4790000001')", [USER_B]);
        // SSO accounts may share an address.
        await db.query("insert into auth.users (id, email, is_sso_user) values ($1, 'a@example.com', true)", [
          USER_B,
        ]);
        await db.query(
          `insert into auth.identities (provider_id, user_id, identity_data, provider)
           values ($1, $2, '{"email": "A@Example.com"}', 'email')`,
          [USER_A, USER_A],
        );
        const identity = await db.query<{ email: string }>(
          'select email from auth.identities where user_id = $1',
          [USER_A],
        );
        expect(identity.rows[0]?.email).toBe('a@example.com');
        await duplicate(
          `insert into auth.identities (provider_id, user_id, identity_data, provider)
           values ($1, $2, '{}', 'email')`,
          [USER_A, USER_A],
        );
      });

      it('auth.uid(), auth.role(), auth.email() and auth.jwt() read the request claims', async () => {
        const rows = await db.transaction(async (tx) => {
          await tx.query('set local role authenticated');
          await tx.query("select set_config('request.jwt.claims', $1, true)", [
            JSON.stringify({ sub: USER_A, role: 'authenticated', email: 'a@example.com', aal: 'aal1' }),
          ]);
          return (
            await tx.query('select auth.uid(), auth.role(), auth.email(), auth.jwt() ->> $1 as aal', ['aal'])
          ).rows;
        });
        expect(rows).toEqual([{ uid: USER_A, role: 'authenticated', email: 'a@example.com', aal: 'aal1' }]);
      });

      it('auth.uid() also reads the older per-claim setting, and is null without claims', async () => {
        const legacy = await db.transaction(async (tx) => {
          await tx.query("select set_config('request.jwt.claim.sub', $1, true)", [USER_B]);
          return (await tx.query<{ uid: string }>('select auth.uid() as uid')).rows[0]?.uid;
        });
        expect(legacy).toBe(USER_B);
        expect((await db.query<{ uid: string | null }>('select auth.uid() as uid')).rows[0]?.uid).toBeNull();
      });

      it('lets the API roles execute the auth functions but not read auth.users', async () => {
        const { rows } = await db.query<{ role: string; execute: boolean; read: boolean }>(
          `select role, has_function_privilege(role, 'auth.uid()', 'execute') as execute,
                  has_table_privilege(role, 'auth.users', 'select') as read
           from unnest(array['anon', 'authenticated', 'service_role']) as role order by role`,
        );
        expect(rows).toEqual([
          { role: 'anon', execute: true, read: false },
          { role: 'authenticated', execute: true, read: false },
          { role: 'service_role', execute: true, read: false },
        ]);
      });
    });

    describe('public schema and RLS', () => {
      beforeAll(async () => {
        // As a migration would create it, after the bootstrap: Supabase's default privileges apply.
        await db.exec(`
          create table public.notes (
            id bigint generated always as identity primary key,
            owner uuid not null default auth.uid(),
            body text not null
          );
          alter table public.notes enable row level security;
          create policy "own notes" on public.notes for all to authenticated
            using (owner = (select auth.uid())) with check (owner = (select auth.uid()));
          insert into public.notes (owner, body) values
            ('${USER_A}', 'a1'), ('${USER_A}', 'a2'), ('${USER_B}', 'b1');
        `);
      });

      it('grants the API roles all privileges on new tables', async () => {
        const { rows } = await db.query<{ ok: boolean }>(
          `select bool_and(has_table_privilege(role, 'public.notes', 'select, insert, update, delete')) as ok
           from unnest(array['anon', 'authenticated', 'service_role']) as role`,
        );
        expect(rows[0]?.ok).toBe(true);
      });

      it('shows every row to service_role, none to anon, and own rows to authenticated', async () => {
        const bodies = (rows: { body: string }[]) => rows.map((row) => row.body).sort();
        const select = 'select body from public.notes';
        expect(bodies(await asRole(db, 'service_role', null, select))).toEqual(['a1', 'a2', 'b1']);
        expect(await asRole(db, 'anon', null, select)).toEqual([]);
        expect(bodies(await asRole(db, 'authenticated', USER_A, select))).toEqual(['a1', 'a2']);
        expect(bodies(await asRole(db, 'authenticated', USER_B, select))).toEqual(['b1']);
      });

      it("refuses an authenticated write to another user's row", async () => {
        await expect(
          asRole(
            db,
            'authenticated',
            USER_A,
            `insert into public.notes (owner, body) values ('${USER_B}', 'x')`,
          ),
        ).rejects.toMatchObject({ code: '42501' });
        const inserted = await asRole<{ owner: string }>(
          db,
          'authenticated',
          USER_A,
          "insert into public.notes (body) values ('a3') returning owner",
        );
        expect(inserted).toEqual([{ owner: USER_A }]);
      });
    });

    describe('migrations and seed', () => {
      const writeMigrations = (dir: string, files: Record<string, string>) => {
        mkdirSync(dir, { recursive: true });
        for (const [file, sql] of Object.entries(files)) writeFileSync(path.join(dir, file), sql);
      };

      it('applies pending migrations in order and records them as the Supabase CLI does', async () => {
        const dir = path.join(scratch, 'migrations');
        writeMigrations(dir, {
          '20240101000000_create_items.sql':
            '-- items\ncreate table public.items (id int primary key, label text);\n',
          '20240102000000_seed_function.sql':
            "create function public.label(i int) returns text language sql as $$ select 'item; ' || i $$;\ninsert into public.items values (1, public.label(1));",
          'README.md': 'not a migration',
        });
        const first = await applyMigrations(db, dir);
        expect(first.applied.map((m) => m.version)).toEqual(['20240101000000', '20240102000000']);
        const { rows } = await db.query(
          'select version, name, statements from supabase_migrations.schema_migrations where version like $1 order by 1',
          ['2024010%'],
        );
        expect(rows).toEqual([
          {
            version: '20240101000000',
            name: 'create_items',
            statements: ['-- items\ncreate table public.items (id int primary key, label text)'],
          },
          {
            version: '20240102000000',
            name: 'seed_function',
            statements: [
              "create function public.label(i int) returns text language sql as $$ select 'item; ' || i $$",
              'insert into public.items values (1, public.label(1))',
            ],
          },
        ]);
        const second = await applyMigrations(db, dir);
        expect(second.applied).toEqual([]);
        expect(second.skipped).toHaveLength(2);
      });

      it('rolls a failing migration back entirely and does not record it', async () => {
        const dir = path.join(scratch, 'failing');
        writeMigrations(dir, {
          '20240201000000_half.sql':
            'create table public.half (id int);\ninsert into public.missing values (1);',
        });
        await expect(applyMigrations(db, dir)).rejects.toThrow(
          /20240201000000_half\.sql failed at statement 2/,
        );
        const { rows } = await db.query<{ tables: number; recorded: number }>(
          `select (select count(*) from pg_tables where tablename = 'half') as tables,
                  (select count(*) from supabase_migrations.schema_migrations where version = '20240201000000') as recorded`,
        );
        expect(rows[0]).toEqual({ tables: 0, recorded: 0 });
      });

      it('runs a seed once, records its hash, and reports an absent or edited one', async () => {
        const seed = path.join(scratch, 'supabase', 'seed.sql');
        mkdirSync(path.dirname(seed), { recursive: true });
        writeFileSync(
          seed,
          'create table public.seeded (n int);\ninsert into public.seeded values (1), (2);',
        );
        expect(await applySeed(db, seed, { projectRoot: scratch })).toBe('applied');
        expect(await applySeed(db, seed, { projectRoot: scratch })).toBe('unchanged');
        writeFileSync(seed, 'insert into public.seeded values (3);');
        expect(await applySeed(db, seed, { projectRoot: scratch })).toBe('changed');
        expect(await applySeed(db, path.join(scratch, 'nope.sql'))).toBe('absent');
        const { rows } = await db.query(
          'select path, (select count(*) from public.seeded) as n from supabase_migrations.seed_files',
        );
        expect(rows).toEqual([{ path: 'supabase/seed.sql', n: 2 }]);
      });
    });

    describe('Db', () => {
      it('commits a transaction that resolves and rolls back one that throws', async () => {
        await db.exec('create table public.tx_probe (n int)');
        await db.transaction((tx) => tx.query('insert into public.tx_probe values (1)'));
        await expect(
          db.transaction(async (tx) => {
            await tx.query('insert into public.tx_probe values (2)');
            throw new Error('no');
          }),
        ).rejects.toThrow('no');
        expect((await db.query('select n from public.tx_probe')).rows).toEqual([{ n: 1 }]);
      });

      it('reports affected rows like pg does', async () => {
        await db.exec('create table public.count_probe (n int)');
        expect(
          (await db.query('insert into public.count_probe select generate_series(1, 3)')).affectedRows,
        ).toBe(3);
        expect((await db.query('update public.count_probe set n = n + 1 where n > 1')).affectedRows).toBe(2);
        expect((await db.query('select * from public.count_probe')).affectedRows).toBe(3);
        expect((await db.query('delete from public.count_probe')).affectedRows).toBe(3);
      });

      it('maps values the same way on every database', async () => {
        const { rows } = await db.query(
          `select 5::int8 as i8, count(*) as n, 1.50::numeric as num, true as yes, '{"a": [1]}'::jsonb as j,
                  '2024-01-02 03:04:05.678'::timestamp as ts, '2024-01-02 03:04:05+02'::timestamptz as tstz,
                  '2024-01-02'::date as d, '1 day 02:00:00'::interval as iv, array[1, 2]::int8[] as arr,
                  '\\x0102'::bytea as bin, $1::jsonb as param`,
          [{ b: [true] }],
        );
        expect(rows[0]).toEqual({
          i8: 5,
          n: 1,
          num: '1.50',
          yes: true,
          j: { a: [1] },
          ts: new Date('2024-01-02T03:04:05.678Z'),
          tstz: new Date('2024-01-02T01:04:05Z'),
          d: new Date('2024-01-02T00:00:00Z'),
          iv: '1 day 02:00:00',
          arr: [1, 2],
          bin: expect.any(Uint8Array) as unknown,
          param: { b: [true] },
        });
        expect([...(rows[0] as { bin: Uint8Array }).bin]).toEqual([1, 2]);
      });

      it('runs one statement per query() and several per exec()', async () => {
        await expect(db.query('select 1; select 2')).rejects.toThrow();
        await db.exec('create table public.exec_probe (n int); insert into public.exec_probe values (1);');
        expect((await db.query('select n from public.exec_probe')).rows).toEqual([{ n: 1 }]);
      });
    });
  });
}
