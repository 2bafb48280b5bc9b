/**
 * The data API against PostgREST's documented behaviour, on a small schema of its own (not the
 * product's tables): each case here once answered 200 with something PostgREST never says.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { SERVICE_ROLE_KEY } from '../keys.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

let platform: TestPlatform;

const FIXTURE = `
  create table public.people (
    name text primary key, status text not null default 'ONLINE', catchphrase text,
    mentor text references public.people (name));
  create table public.notes (
    id int primary key, author text not null references public.people (name), body text);
  create table public.friendships (
    id int primary key,
    first_person text not null references public.people (name),
    second_person text not null references public.people (name));
  create schema personal;
  create table personal.people (name text primary key, status text);
  create schema hidden;
  create table hidden.people (name text primary key);
  grant usage on schema personal, hidden to anon, authenticated, service_role;
  grant all on all tables in schema public, personal, hidden to anon, authenticated, service_role;

  insert into public.people (name, catchphrase, mentor) values
    ('ann', 'hei', null), ('bob', null, 'ann'), ('cid', null, 'ann'), ('dan', null, null), ('eve', null, null);
  insert into public.notes values (1, 'ann', 'x'), (2, 'ann', 'y'), (3, 'bob', 'x'), (4, 'bob', 'z');
  insert into public.friendships values (1, 'ann', 'bob');
  insert into personal.people values ('pia', 'AWAY');

  create function public.go_offline(pattern text) returns setof public.people language sql
    as $$ update public.people set status = 'OFFLINE' where name like pattern returning * $$;
  create function public.pick(a int) returns text language sql as $$ select 'integer' $$;
  create function public.pick(a text) returns text language sql as $$ select 'text' $$;
`;

beforeAll(async () => {
  platform = await startTestPlatform({
    configure: (config) => ({ ...config, apiSchemas: ['public', 'personal'] }),
  });
  await platform.db.exec(FIXTURE);
});
afterAll(async () => {
  await platform.stop();
});

async function rest(
  pathAndQuery: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${platform.url}/rest/v1${pathAndQuery}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: SERVICE_ROLE_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}

const statuses = async () => (await rest('/people?select=name,status&order=name')).body;

describe('Prefer: handling=strict, max-affected', () => {
  const strict = (n: number) => ({ Prefer: `handling=strict, max-affected=${n}` });

  it('rolls back an RPC that returns more rows than allowed, with 400 PGRST124', async () => {
    const before = await statuses();
    const over = await rest('/rpc/go_offline', {
      method: 'POST',
      body: { pattern: '%' },
      headers: strict(1),
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
    });
    expect(await statuses()).toEqual(before);
  });

  it('lets an RPC within the limit through', async () => {
    const within = await rest('/rpc/go_offline', {
      method: 'POST',
      body: { pattern: 'eve' },
      headers: strict(1),
    });
    expect(within.status).toBe(200);
    expect(within.body).toEqual([{ name: 'eve', status: 'OFFLINE', catchphrase: null, mentor: null }]);
    await rest('/people?name=eq.eve', { method: 'PATCH', body: { status: 'ONLINE' } });
  });

  it('rolls back an update or delete of more rows than allowed', async () => {
    const before = await statuses();
    const update = await rest('/people?status=eq.ONLINE', {
      method: 'PATCH',
      body: { status: 'AWAY' },
      headers: strict(2),
    });
    expect(update.status).toBe(400);
    expect(update.body).toMatchObject({ code: 'PGRST124' });
    const remove = await rest('/notes?body=neq.none', { method: 'DELETE', headers: strict(1) });
    expect(remove.status).toBe(400);
    expect(await statuses()).toEqual(before);
    expect((await rest('/notes?select=id')).body).toHaveLength(4);
  });
});

describe('RPC overloads', () => {
  it('answers 300 PGRST203 when the arguments fit more than one overload', async () => {
    const response = await rest('/rpc/pick', { method: 'POST', body: { a: 1 } });
    expect(response.status).toBe(300);
    expect(response.body).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message:
        'Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => text)',
    });
  });
});

describe('embedded resources', () => {
  it('keeps an or filter on an embed inside that embed', async () => {
    const response = await rest(
      '/people?select=name,notes(id)&name=in.(ann,bob)&notes.or=(body.eq.x,body.eq.y)&order=name',
    );
    expect(response.body).toEqual([
      { name: 'ann', notes: [{ id: 1 }, { id: 2 }] },
      { name: 'bob', notes: [{ id: 3 }] },
    ]);
  });

  it('refuses the same table embedded twice without aliases (42712), and serves it aliased', async () => {
    const twice = await rest('/friendships?select=people!first_person(name),people!second_person(name)');
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({
      code: '42712',
      details: null,
      hint: null,
      message: 'table name "friendships_people_1" specified more than once',
    });
    const aliased = await rest(
      '/friendships?select=first:people!first_person(name),second:people!second_person(name)',
    );
    expect(aliased.body).toEqual([{ first: { name: 'ann' }, second: { name: 'bob' } }]);
  });

  it('leaves an empty embed out of the response (it only filters)', async () => {
    const response = await rest('/notes?select=id,people!inner()&people.name=eq.bob&order=id');
    expect(response.body).toEqual([{ id: 3 }, { id: 4 }]);
  });
});

describe('profiles (schemas)', () => {
  it('answers Accept-Profile from the exposed schema it names', async () => {
    const response = await rest('/people?select=name,status', { headers: { 'Accept-Profile': 'personal' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([{ name: 'pia', status: 'AWAY' }]);
    expect(response.headers.get('content-profile')).toBe('personal');
  });

  it('writes with Content-Profile into that schema', async () => {
    const response = await rest('/people', {
      method: 'POST',
      body: { name: 'per', status: 'ONLINE' },
      headers: { 'Content-Profile': 'personal', Prefer: 'return=representation' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual([{ name: 'per', status: 'ONLINE' }]);
    const publicPer = await rest('/people?name=eq.per');
    expect(publicPer.body).toEqual([]);
  });

  it('refuses a schema that is not exposed with 406 PGRST106', async () => {
    for (const headers of [{ 'Accept-Profile': 'hidden' }, { 'Accept-Profile': 'nowhere' }]) {
      const response = await rest('/people', { headers });
      expect(response.status).toBe(406);
      expect(response.body).toEqual({
        code: 'PGRST106',
        details: null,
        hint: 'Only the following schemas are exposed: public, personal',
        message: `Invalid schema: ${headers['Accept-Profile']}`,
      });
    }
  });

  it("reads the exposed schemas from config.toml's [api] schemas", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'leadtorget-conformance-'));
    try {
      mkdirSync(path.join(root, 'supabase'));
      writeFileSync(path.join(root, 'supabase', 'config.toml'), '[api]\nschemas = ["public", "personal"]\n');
      expect(loadConfig(root, {}).apiSchemas).toEqual(['public', 'personal']);
      writeFileSync(path.join(root, 'supabase', 'config.toml'), '[db]\nport = 54322\n');
      expect(loadConfig(root, {}).apiSchemas).toEqual(['public', 'graphql_public']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('writes and representations', () => {
  it('answers a key-only upsert of an existing row with 200 and the row', async () => {
    const response = await rest('/people?on_conflict=name', {
      method: 'POST',
      body: { name: 'ann' },
      headers: { Prefer: 'resolution=merge-duplicates, return=representation' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([{ name: 'ann', status: 'ONLINE', catchphrase: 'hei', mentor: null }]);
  });

  it('leaves null fields out with nulls=stripped', async () => {
    const list = await rest('/people?select=name,catchphrase,mentor&name=in.(ann,bob)&order=name', {
      headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { name: 'ann', catchphrase: 'hei' },
      { name: 'bob', mentor: 'ann' },
    ]);
    const one = await rest('/people?select=name,catchphrase&name=eq.bob', {
      headers: { Accept: 'application/vnd.pgrst.object+json;nulls=stripped' },
    });
    expect(one.body).toEqual({ name: 'bob' });
  });
});
