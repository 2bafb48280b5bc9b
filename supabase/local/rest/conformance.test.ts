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
  create table public.nodes (
    id int primary key,
    parent int constraint nodes_parent_fkey references public.nodes (id),
    main int constraint nodes_main_fkey references public.nodes (id));
  create table public.kinds (id int primary key, label text, tags text[], meta jsonb, flag boolean);
  insert into public.kinds values
    (1, 'a,b', '{x,y}', '{"k": "v"}', true), (2, 'say "hi"', '{}', null, false), (3, '', null, '[1, 2]', null);
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
  insert into public.nodes values (1, null, null), (2, 1, 1);

  create function public.go_offline(pattern text) returns setof public.people language sql
    as $$ update public.people set status = 'OFFLINE' where name like pattern returning * $$;
  create table public.spans (id int primary key, during int4range);
  insert into public.spans values (1, '[1,5)'), (2, '[5,10)'), (3, '[20,30)');
  grant all on public.spans to anon, authenticated, service_role;
  create function public.echo(text) returns text language sql as $$ select $1 $$;
  create function public.echo() returns text language sql as $$ select 'nothing' $$;
  create function public.named_like(pattern text) returns setof public.people language sql stable
    as $$ select * from public.people where name like pattern order by name $$;
  create function public.notes_of(public.people) returns setof public.notes language sql stable
    as $$ select * from public.notes where author = $1.name order by id $$;
  create function public.first_note(public.people) returns setof public.notes language sql stable rows 1
    as $$ select * from public.notes where author = $1.name order by id limit 1 $$;
  create function public.writer(public.notes) returns public.people language sql stable
    as $$ select * from public.people where name = $1.author $$;
  create function public.teapot() returns void language plpgsql as $$
  begin
    raise sqlstate 'PGRST' using
      message = '{"code":"123","message":"Short and stout","details":"Tip me over","hint":"Pour"}',
      detail = '{"status":418,"status_text":"I am a teapot","headers":{"X-Powered-By":"Steam"}}';
  end $$;
  create function public.bad_raise() returns void language plpgsql as $$
  begin
    raise sqlstate 'PGRST' using message = 'INVALID', detail = '{}';
  end $$;
  create function public.twice(int) returns int language sql as $$ select $1 * 2 $$;
  create function public.opt() returns text language sql as $$ select 'none' $$;
  create function public.opt(text default 'x') returns text language sql as $$ select $1 $$;
  create function public.opt(int default 1) returns text language sql as $$ select 'int' $$;
  create table public.corner (id int primary key, "column whitespace" text);
  grant all on public.corner to anon, authenticated, service_role;
  create function public.pick(a int) returns text language sql as $$ select 'integer' $$;
  create function public.pick(a text) returns text language sql as $$ select 'text' $$;
`;

beforeAll(async () => {
  platform = await startTestPlatform({
    // max_rows 3: where count=estimated turns from exact to the planner's estimate.
    configure: (config) => ({ ...config, apiSchemas: ['public', 'personal'], apiMaxRows: 3 }),
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
    statusText: response.statusText,
    headers: response.headers,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}

/** The planner's row estimate for a query, as PostgREST reads it from EXPLAIN. */
async function planRows(sql: string): Promise<number> {
  const { rows } = await platform.db.query<Record<string, unknown>>(`explain (format json) ${sql}`);
  const raw = Object.values(rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
  return plan[0].Plan['Plan Rows'];
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

describe('RPC with one unnamed parameter', () => {
  it('passes the whole body to it, and an empty body to the overload without parameters', async () => {
    const whole = await rest('/rpc/echo', { method: 'POST', body: { '': 'hei' } });
    expect(whole.status).toBe(200);
    expect(whole.body).toBe('{"":"hei"}');
    const empty = await rest('/rpc/echo', { method: 'POST', body: {} });
    expect(empty.body).toBe('nothing');
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

describe('filters', () => {
  const names = async (query: string) =>
    ((await rest(`/people?select=name&order=name&${query}`)).body as { name: string }[]).map((r) => r.name);

  it('matches like/ilike against any or all of several patterns', async () => {
    expect(await names('name=like(any).{a*,e*}')).toEqual(['ann', 'eve']);
    expect(await names('name=ilike(all).{*N*,A*}')).toEqual(['ann']);
    expect(await names('name=not.like(any).{a*,e*}')).toEqual(['bob', 'cid', 'dan']);
  });

  it('compares ranges with sl, sr, nxl, nxr and adj', async () => {
    const ids = async (query: string) =>
      ((await rest(`/spans?select=id&order=id&${query}`)).body as { id: number }[]).map((r) => r.id);
    expect(await ids('during=sl.[10,20)')).toEqual([1, 2]);
    expect(await ids('during=sr.[10,20)')).toEqual([3]);
    expect(await ids('during=nxl.[5,10)')).toEqual([2, 3]);
    expect(await ids('during=nxr.[5,10)')).toEqual([1, 2]);
    expect(await ids('during=adj.[10,20)')).toEqual([2, 3]);
  });
});

describe('errors worded as PostgREST words them', () => {
  it('says why a single object cannot be returned (PGRST116)', async () => {
    const response = await rest('/people', { headers: { Accept: 'application/vnd.pgrst.object+json' } });
    expect(response.status).toBe(406);
    expect(response.body).toEqual({
      code: 'PGRST116',
      details: 'The result contains 5 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
  });

  it('lists the candidate relationships of an ambiguous embed in details (PGRST201)', async () => {
    const response = await rest('/friendships?select=people(name)');
    expect(response.status).toBe(300);
    expect(response.body).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'friendships with people',
          relationship: 'friendships_first_person_fkey using friendships(first_person) and people(name)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'friendships with people',
          relationship: 'friendships_second_person_fkey using friendships(second_person) and people(name)',
        },
      ],
      hint: "Try changing 'people' to one of the following: 'people!friendships_first_person_fkey', 'people!friendships_second_person_fkey'. Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'friendships' and 'people'",
    });
  });

  it('says which parameters it searched for (PGRST202)', async () => {
    const one = await rest('/rpc/go_offline', { method: 'POST', body: { id: 1 } });
    expect(one.status).toBe(404);
    expect(one.body).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.go_offline with parameter id or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
      message: 'Could not find the function public.go_offline(id) in the schema cache',
    });
    const none = await rest('/rpc/go_offline', { method: 'POST', body: {} });
    expect(none.body).toMatchObject({
      details:
        'Searched for the function public.go_offline without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      message: 'Could not find the function public.go_offline without parameters in the schema cache',
    });
  });
});

describe('embedding by a self-referencing key', () => {
  it('embeds the row a key points to, named by the key column', async () => {
    const mentor = await rest('/people?select=name,boss:mentor(name)&name=eq.bob');
    expect(mentor.body).toEqual([{ name: 'bob', boss: { name: 'ann' } }]);
  });

  it("embeds the rows pointing here by the table's name, or with the key column as hint", async () => {
    const expected = [{ name: 'ann', mentees: [{ name: 'bob' }, { name: 'cid' }] }];
    const byName = await rest('/people?select=name,mentees:people(name)&name=eq.ann&mentees.order=name');
    expect(byName.body).toEqual(expected);
    const byHint = await rest(
      '/people?select=name,mentees:people!mentor(name)&name=eq.ann&mentees.order=name',
    );
    expect(byHint.body).toEqual(expected);
  });

  it('finds no relationship by the constraint name as hint (PGRST200), as PostgREST', async () => {
    const response = await rest('/people?select=name,people!people_mentor_fkey(name)');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'people' and 'people' using the hint 'people_mentor_fkey' in the schema 'public', but no matches were found.",
      hint: null,
      message: "Could not find a relationship between 'people' and 'people' in the schema cache",
    });
  });

  it('keeps only rows with related rows with !inner, and every row with !left', async () => {
    const inner = await rest('/people?select=name,people!inner(name)&order=name');
    expect((inner.body as { name: string }[]).map((r) => r.name)).toEqual(['ann']);
    const left = await rest('/people?select=name,people!left(name)&order=name');
    expect(left.body).toHaveLength(5);
  });

  it('lists both keys when a table references itself twice (PGRST201)', async () => {
    const response = await rest('/nodes?select=id,nodes(id)');
    expect(response.status).toBe(300);
    expect(response.body).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'one-to-many',
          embedding: 'nodes with nodes',
          relationship: 'nodes_main_fkey using nodes(id) and nodes(main)',
        },
        {
          cardinality: 'one-to-many',
          embedding: 'nodes with nodes',
          relationship: 'nodes_parent_fkey using nodes(id) and nodes(parent)',
        },
      ],
      hint: "Try changing 'nodes' to one of the following: 'nodes!nodes_main_fkey', 'nodes!nodes_parent_fkey'. Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'nodes' and 'nodes'",
    });
    const parent = await rest('/nodes?select=id,parent(id)&id=eq.2');
    expect(parent.body).toEqual([{ id: 2, parent: { id: 1 } }]);
  });
});

describe('Prefer: count', () => {
  it('counts the rows of a set-returning RPC before limit and offset', async () => {
    const page = await rest('/rpc/named_like?pattern=%25&select=name&limit=2&offset=1', {
      headers: { Prefer: 'count=exact' },
    });
    expect(page.status).toBe(206);
    expect(page.headers.get('content-range')).toBe('1-2/5');
    expect(page.body).toEqual([{ name: 'bob' }, { name: 'cid' }]);
    const filtered = await rest('/rpc/named_like?select=name&name=neq.ann', {
      method: 'POST',
      body: { pattern: '%' },
      headers: { Prefer: 'count=exact' },
    });
    expect(filtered.status).toBe(200);
    expect(filtered.headers.get('content-range')).toBe('0-3/4');
    const scalar = await rest('/rpc/echo', { method: 'POST', body: {}, headers: { Prefer: 'count=exact' } });
    expect(scalar.headers.get('content-range')).toBe('0-0/1');
    // PostgREST plans no count for a function: planned leaves the total unknown.
    const planned = await rest('/rpc/named_like?pattern=%25', { headers: { Prefer: 'count=planned' } });
    expect(planned.headers.get('content-range')).toBe('0-4/*');
  });

  it("answers count=planned with the planner's estimate, 206 when it exceeds the page", async () => {
    const estimate = await planRows('select 1 from public.notes t0');
    const planned = await rest('/notes?select=id', { headers: { Prefer: 'count=planned' } });
    expect(planned.headers.get('content-range')).toBe(`0-3/${estimate}`);
    expect(planned.status).toBe(estimate > 4 ? 206 : 200);
  });

  it('answers count=estimated exactly up to max_rows, then with the larger of both', async () => {
    const few = await rest('/people?select=name&name=in.(ann,bob)', {
      headers: { Prefer: 'count=estimated' },
    });
    expect(few.headers.get('content-range')).toBe('0-1/2');
    const estimate = await planRows('select 1 from public.notes t0');
    const many = await rest('/notes?select=id', { headers: { Prefer: 'count=estimated' } });
    expect(many.headers.get('content-range')).toBe(`0-3/${Math.max(4, estimate)}`);
  });
});

describe('computed relationships', () => {
  it('embeds a set-returning function as a list, and one of rows 1 or one row as an object', async () => {
    const people = await rest(
      '/people?select=name,notes_of(id),first:first_note(id)&name=in.(ann,cid)&order=name',
    );
    expect(people.status).toBe(200);
    expect(people.body).toEqual([
      { name: 'ann', notes_of: [{ id: 1 }, { id: 2 }], first: { id: 1 } },
      { name: 'cid', notes_of: [], first: null },
    ]);
    const notes = await rest('/notes?select=id,writer(name)&id=eq.3');
    expect(notes.body).toEqual([{ id: 3, writer: { name: 'bob' } }]);
  });

  it("filters with !inner and the embed's own filters", async () => {
    const response = await rest('/people?select=name,notes_of!inner(id)&notes_of.body=eq.z');
    expect(response.body).toEqual([{ name: 'bob', notes_of: [{ id: 4 }] }]);
  });
});

describe('features Supabase leaves disabled', () => {
  const aggregatesRefused = {
    code: 'PGRST123',
    details: null,
    hint: null,
    message: 'Use of aggregate functions is not allowed',
  };

  it('refuses aggregate functions in select with 400 PGRST123', async () => {
    for (const select of ['count()', 'total:id.sum()', 'author,id.max()::text', 'name,notes(id.count())']) {
      const response = await rest(`/people?select=${select}`);
      expect(response.status, select).toBe(400);
      expect(response.body, select).toEqual(aggregatesRefused);
    }
  });

  it('answers a plan or GeoJSON Accept with 406 PGRST107', async () => {
    for (const accept of ['application/vnd.pgrst.plan', 'application/geo+json']) {
      const response = await rest('/notes', { headers: { Accept: accept } });
      expect(response.status).toBe(406);
      expect(response.body).toEqual({
        code: 'PGRST107',
        details: null,
        hint: null,
        message: `None of these media types are available: ${accept}`,
      });
    }
  });
});

describe("RAISE SQLSTATE 'PGRST'", () => {
  it('answers with the status, status text, headers and error the JSON names', async () => {
    const response = await rest('/rpc/teapot', { method: 'POST', body: {} });
    expect(response.status).toBe(418);
    expect(response.statusText).toBe('I am a teapot');
    expect(response.headers.get('x-powered-by')).toBe('Steam');
    expect(response.body).toEqual({
      code: '123',
      details: 'Tip me over',
      hint: 'Pour',
      message: 'Short and stout',
    });
  });

  it('answers 500 PGRST121 when the JSON cannot be read', async () => {
    const response = await rest('/rpc/bad_raise', { method: 'POST', body: {} });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      code: 'PGRST121',
      details: "Invalid JSON value for MESSAGE: 'INVALID'",
      hint: "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
      message: `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
    });
  });
});

describe('CSV', () => {
  const csv = async (pathAndQuery: string) => {
    const response = await fetch(`${platform.url}/rest/v1${pathAndQuery}`, {
      headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, Accept: 'text/csv' },
    });
    return { type: response.headers.get('content-type'), text: await response.text() };
  };

  it("quotes as Postgres quotes a row's text, with arrays, JSON and booleans in their text form", async () => {
    const response = await csv('/kinds?order=id');
    expect(response.type).toBe('text/csv; charset=utf-8');
    expect(response.text).toBe(
      [
        'id,label,tags,meta,flag',
        '1,"a,b","{x,y}","{""k"": ""v""}",t',
        '2,"say ""hi""",{},,f',
        '3,"",,"[1, 2]",',
      ].join('\n'),
    );
  });

  it('answers no rows with an empty header line', async () => {
    expect((await csv('/kinds?id=eq.99')).text).toBe('\n');
  });
});

describe('functions with unnamed parameters', () => {
  it('leaves out a function whose unnamed parameter cannot take the whole body (PGRST202)', async () => {
    const response = await rest('/rpc/twice', { method: 'POST', body: { '': 1 } });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({
      code: 'PGRST202',
      details:
        'Searched for the function public.twice with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      message: 'Could not find the function public.twice() in the schema cache',
    });
  });

  it('names only the overloads PostgREST can call among the candidates (PGRST203)', async () => {
    const response = await rest('/rpc/opt', { method: 'POST', body: {} });
    expect(response.status).toBe(300);
    expect(response.body).toMatchObject({
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.opt(), public.opt( => text)',
    });
  });
});

describe('quoted column names', () => {
  it('inserts into the columns= a request names in double quotes', async () => {
    const response = await rest(
      '/corner?columns=%22column%20whitespace%22,%22id%22&select=%22column%20whitespace%22,id',
      {
        method: 'POST',
        body: [{ 'column whitespace': 'foo', id: 1 }],
        headers: { Prefer: 'return=representation' },
      },
    );
    expect(response.status).toBe(201);
    expect(response.body).toEqual([{ 'column whitespace': 'foo', id: 1 }]);
  });
});

describe('spreading a to-many embed', () => {
  it("gives each of the embed's columns as a list on the parent", async () => {
    const response = await rest(
      '/people?select=name,...notes(id,body)&name=in.(ann,cid)&order=name&notes.order=id',
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { name: 'ann', id: [1, 2], body: ['x', 'y'] },
      { name: 'cid', id: [], body: [] },
    ]);
  });
});
