/**
 * An in-memory embedded platform for tests and benchmarks: PGlite + bootstrap + outbox + the auth
 * service on an ephemeral port, answering under `/auth/v1` like the real gateway. Other parts (REST,
 * functions, storage) mount here as they land.
 *
 * Parts that are still being written elsewhere are loaded when present and replaced by small
 * stand-ins otherwise (db/pglite.ts, db/bootstrap.ts), so this helper keeps working in between.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { createAuthHandler } from '../auth/index.ts';
import { loadConfig } from '../config.ts';
import type { Db, PlatformConfig } from '../contracts.ts';
import { createOutbox, type Outbox } from '../outbox/store.ts';

const LOCAL_DIR = fileURLToPath(new URL('../', import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BOOTSTRAP_DIR = `${LOCAL_DIR}db/bootstrap/`;

/** A clock tests can move forward (expired codes, refresh-token reuse windows) without waiting. */
export class TestClock {
  offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}

export interface TestPlatform {
  /** Base URL of the API gateway, e.g. http://127.0.0.1:41234 (supabase-js `createClient(url, …)`). */
  url: string;
  db: Db;
  outbox: Outbox;
  config: PlatformConfig;
  clock: TestClock;
  stop(): Promise<void>;
}

export interface TestPlatformOptions {
  /** Adjust the configuration read from supabase/config.toml. */
  configure?: (config: PlatformConfig) => PlatformConfig;
}

/** Mounted services by path prefix; REST, functions and storage add theirs here. */
type Mount = (req: IncomingMessage, res: ServerResponse, rest: string) => Promise<void>;

export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const db = await openDatabase();
  await bootstrap(db);
  const base = loadConfig(PROJECT_ROOT);
  // Generous hourly limits: the suite sends far more than a person would. Tests of the limits
  // themselves configure them down.
  const tuned: PlatformConfig = {
    ...base,
    auth: {
      ...base.auth,
      rateLimits: {
        emailSent: 100_000,
        smsSent: 100_000,
        tokenRefresh: 100_000,
        signInSignUps: 100_000,
        tokenVerifications: 100_000,
      },
    },
  };
  const config = options.configure ? options.configure(tuned) : tuned;
  const outbox = createOutbox(db);
  const clock = new TestClock();
  const mounts: Record<string, Mount> = {};
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    for (const [prefix, mount] of Object.entries(mounts)) {
      if (path === prefix || path.startsWith(`${prefix}/`)) {
        void mount(req, res, path.slice(prefix.length) || '/');
        return;
      }
    }
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: 'no Route matched with those values' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  mounts['/auth/v1'] = createAuthHandler({
    db,
    config,
    mailer: outbox.mailer,
    now: clock.now,
    externalUrl: url,
  });
  return {
    url,
    db,
    outbox,
    config,
    clock,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

interface PgliteModule {
  openPglite(options?: { dataDir?: string }): Promise<{ db: Db }>;
}
interface BootstrapModule {
  bootstrapDatabase(db: Db): Promise<unknown>;
}

/** Imports a sibling module if it exists (another part may not have landed yet). */
async function optionalImport<T>(relative: string): Promise<T | null> {
  const href = pathToFileURL(`${LOCAL_DIR}${relative}`).href;
  try {
    return (await import(/* @vite-ignore */ href)) as T;
  } catch (error) {
    if (
      error instanceof Error &&
      /Cannot find|Failed to load|ERR_MODULE_NOT_FOUND|does not exist/i.test(error.message)
    ) {
      return null;
    }
    throw error;
  }
}

async function openDatabase(): Promise<Db> {
  const real = await optionalImport<PgliteModule>('db/pglite.ts');
  if (real) return (await real.openPglite()).db;
  const pg = new PGlite();
  const wrap = (runner: Pick<PGlite, 'query'>): Pick<Db, 'query'> => ({
    async query<Row>(sql: string, params?: unknown[]) {
      const result = await runner.query<Row>(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
  });
  return {
    ...wrap(pg),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}

async function bootstrap(db: Db): Promise<void> {
  const real = await optionalImport<BootstrapModule>('db/bootstrap.ts');
  if (real) {
    await real.bootstrapDatabase(db);
    return;
  }
  const files = readdirSync(BOOTSTRAP_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  if (!files.some((name) => /^0\d-/.test(name))) await db.exec(STAND_IN_PLATFORM_SQL);
  for (const name of files) await db.exec(readFileSync(`${BOOTSTRAP_DIR}${name}`, 'utf8'));
}

/**
 * Stand-in for bootstrap files 00-03 (roles, schemas, auth.users/identities, auth.uid()) until they
 * land: GoTrue's column names, just enough for the auth service and `auth.uid()` tests.
 */
const STAND_IN_PLATFORM_SQL = `
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then create role authenticator noinherit login; end if;
end $$;
create schema if not exists auth;
create schema if not exists extensions;
grant usage on schema auth to anon, authenticated, service_role;
create table if not exists auth.users (
  instance_id uuid, id uuid primary key, aud varchar(255), role varchar(255), email varchar(255),
  encrypted_password varchar(255), email_confirmed_at timestamptz, invited_at timestamptz,
  confirmation_token varchar(255), confirmation_sent_at timestamptz, recovery_token varchar(255),
  recovery_sent_at timestamptz, email_change_token_new varchar(255), email_change varchar(255),
  email_change_sent_at timestamptz, last_sign_in_at timestamptz, raw_app_meta_data jsonb,
  raw_user_meta_data jsonb, is_super_admin boolean, created_at timestamptz, updated_at timestamptz,
  phone text unique default null, phone_confirmed_at timestamptz, phone_change text default '',
  phone_change_token varchar(255) default '', phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '', email_change_confirm_status smallint default 0,
  banned_until timestamptz, reauthentication_token varchar(255) default '', reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false, deleted_at timestamptz, is_anonymous boolean not null default false
);
create table if not exists auth.identities (
  provider_id text not null, user_id uuid not null references auth.users(id) on delete cascade,
  identity_data jsonb not null, provider text not null, last_sign_in_at timestamptz,
  created_at timestamptz, updated_at timestamptz,
  email text generated always as (lower(identity_data->>'email')) stored,
  id uuid primary key default gen_random_uuid(), unique (provider_id, provider)
);
create or replace function auth.uid() returns uuid language sql stable as $f$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid $f$;
create or replace function auth.role() returns text language sql stable as $f$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text $f$;
create or replace function auth.jwt() returns jsonb language sql stable as $f$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), ''))::jsonb $f$;
grant execute on function auth.uid(), auth.role(), auth.jwt() to anon, authenticated, service_role;
`;
