/**
 * Computed columns (PostgREST's computed fields): a public function whose one argument is a table's
 * row type is selected, filtered and ordered by like a column, in embeds and in a write's
 * representation too, but is not part of `*`.
 */
import { fileURLToPath } from 'node:url';
import { prepareDatabase } from '../db/prepare.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../keys.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { loadSchema } from './schema-cache.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({ migrated: true });
  await prepareDatabase(platform.db, { projectRoot: PROJECT_ROOT });
  await platform.db.exec(`
    create table public.rest_computed_probe (id int primary key, first_name text, last_name text);
    create table public.rest_computed_child (
      id int primary key, probe_id int references public.rest_computed_probe (id), qty int);
    create view public.rest_computed_view as select id, first_name from public.rest_computed_probe;
    grant select, insert, update, delete on public.rest_computed_probe, public.rest_computed_child
      to anon, authenticated, service_role;
    grant select on public.rest_computed_view to anon, authenticated, service_role;
    insert into public.rest_computed_probe values (1, 'Kari', 'Nordmann'), (2, 'Ola', 'Berg'), (3, 'Per', 'Aas');
    insert into public.rest_computed_child values (10, 1, 3), (11, 1, 4), (12, 2, 5);

    create function public.full_name(p public.rest_computed_probe) returns text language sql stable
      as $$ select p.first_name || ' ' || p.last_name $$;
    create function public.double_qty(c public.rest_computed_child) returns int language sql immutable
      as $$ select c.qty * 2 $$;
    create function public.shout(v public.rest_computed_view) returns text language sql immutable
      as $$ select upper(v.first_name) $$;
    -- Not computed columns: two arguments, a set, void, another table's row.
    create function public.greeting(p public.rest_computed_probe, word text) returns text
      language sql immutable as $$ select word || ' ' || p.first_name $$;
    create function public.name_parts(p public.rest_computed_probe) returns setof text
      language sql immutable as $$ select unnest(array[p.first_name, p.last_name]) $$;
    create function public.nothing(p public.rest_computed_probe) returns void
      language sql immutable as $$ select $$;
    create function public.first_child(p public.rest_computed_probe) returns public.rest_computed_child
      language sql stable as $$ select c from public.rest_computed_child c where c.probe_id = p.id limit 1 $$;
    -- A computed column anon may not execute.
    create function public.secret_name(p public.rest_computed_probe) returns text
      language sql immutable as $$ select p.last_name $$;
    revoke execute on function public.secret_name(public.rest_computed_probe) from public, anon;
    grant execute on function public.secret_name(public.rest_computed_probe) to service_role;
  `);
});
afterAll(async () => {
  await platform.stop();
});

function rest(
  path: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
  key = SERVICE_ROLE_KEY,
) {
  return fetch(`${platform.url}/rest/v1${path}`, {
    ...init,
    headers: { apikey: key, Authorization: `Bearer ${key}`, ...init.headers },
  });
}

async function json(path: string, init?: RequestInit & { headers?: Record<string, string> }) {
  const response = await rest(path, init);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('the schema cache', () => {
  it('lists one-argument functions of a table or view row type, and nothing else', async () => {
    const cache = await loadSchema(platform.db);
    expect([...(cache.tables.get('rest_computed_probe')?.computed.keys() ?? [])].sort()).toEqual([
      'full_name',
      'secret_name',
    ]);
    expect(cache.tables.get('rest_computed_probe')?.computed.get('full_name')?.type).toBe('text');
    expect([...(cache.tables.get('rest_computed_child')?.computed.keys() ?? [])]).toEqual(['double_qty']);
    expect([...(cache.tables.get('rest_computed_view')?.computed.keys() ?? [])]).toEqual(['shout']);
    expect(cache.tables.get('calendars')?.computed.has('calendar_status')).toBe(true);
  });
});

describe('selecting computed columns', () => {
  it('selects one next to columns, with an alias and a cast', async () => {
    const { status, body } = await json(
      '/rest_computed_probe?select=id,full_name,name:full_name,len:full_name::text&id=eq.1',
    );
    expect(status).toBe(200);
    expect(body).toEqual([
      { id: 1, full_name: 'Kari Nordmann', name: 'Kari Nordmann', len: 'Kari Nordmann' },
    ]);
  });

  it('leaves them out of * and adds them after it when asked', async () => {
    const star = await json('/rest_computed_probe?select=*&id=eq.2');
    expect(star.body).toEqual([{ id: 2, first_name: 'Ola', last_name: 'Berg' }]);
    const plain = await json('/rest_computed_probe?id=eq.2');
    expect(plain.body).toEqual([{ id: 2, first_name: 'Ola', last_name: 'Berg' }]);
    const both = await json('/rest_computed_probe?select=*,full_name&id=eq.2');
    expect(both.body).toEqual([{ id: 2, first_name: 'Ola', last_name: 'Berg', full_name: 'Ola Berg' }]);
  });

  it('works on views and in embeds', async () => {
    const view = await json('/rest_computed_view?select=id,shout&order=id');
    expect(view.body).toEqual([
      { id: 1, shout: 'KARI' },
      { id: 2, shout: 'OLA' },
      { id: 3, shout: 'PER' },
    ]);
    const embedded = await json(
      '/rest_computed_probe?select=id,rest_computed_child(id,double_qty)&id=eq.1&rest_computed_child.double_qty=gt.6',
    );
    expect(embedded.body).toEqual([{ id: 1, rest_computed_child: [{ id: 11, double_qty: 8 }] }]);
  });

  it('refuses functions that are not computed columns with 42703', async () => {
    for (const name of ['greeting', 'name_parts', 'nothing', 'first_child']) {
      const { status, body } = await json(`/rest_computed_probe?select=id,${name}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({
        code: '42703',
        message: `column rest_computed_probe.${name} does not exist`,
      });
    }
  });

  it('leaves the execute privilege to Postgres (42501)', async () => {
    const denied = await rest('/rest_computed_probe?select=id,secret_name', {}, ANON_KEY);
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ code: '42501' });
    const allowed = await json('/rest_computed_probe?select=secret_name&id=eq.3');
    expect(allowed.body).toEqual([{ secret_name: 'Aas' }]);
  });
});

describe('filtering and ordering by computed columns', () => {
  it('filters with eq, like, in, not and or', async () => {
    expect((await json('/rest_computed_probe?select=id&full_name=eq.Ola%20Berg')).body).toEqual([{ id: 2 }]);
    expect((await json('/rest_computed_probe?select=id&full_name=like.*Aas')).body).toEqual([{ id: 3 }]);
    expect(
      (await json('/rest_computed_probe?select=id&full_name=not.in.(Ola%20Berg,Per%20Aas)')).body,
    ).toEqual([{ id: 1 }]);
    expect(
      (await json('/rest_computed_probe?select=id&or=(full_name.eq.Per%20Aas,id.eq.1)&order=id')).body,
    ).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('orders by one, without selecting it', async () => {
    const { body } = await json('/rest_computed_probe?select=id&order=full_name.desc');
    expect(body).toEqual([{ id: 3 }, { id: 2 }, { id: 1 }]);
  });
});

describe('computed columns in writes', () => {
  it('returns one in the representation and filters an update by one', async () => {
    const inserted = await json('/rest_computed_probe?select=id,full_name', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ id: 4, first_name: 'Siri', last_name: 'Lie' }),
    });
    expect(inserted.status).toBe(201);
    // The function reads the row it is given, so the new row's name is there.
    expect(inserted.body).toEqual([{ id: 4, full_name: 'Siri Lie' }]);
    const updated = await json('/rest_computed_probe?full_name=eq.Siri%20Lie&select=id,full_name', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ last_name: 'Dahl' }),
    });
    expect(updated.body).toEqual([{ id: 4, full_name: 'Siri Dahl' }]);
  });

  it('refuses writing a computed column (PGRST204)', async () => {
    const { status, body } = await json('/rest_computed_probe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 5, full_name: 'X Y' }),
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'PGRST204' });
  });
});
