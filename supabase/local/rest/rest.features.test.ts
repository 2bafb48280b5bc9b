/**
 * More of PostgREST, driven by the real supabase-js (and fetch where supabase-js has no method):
 * read-only GET/HEAD, HEAD counts, 416 past the end, ordering by an embedded column, many-to-many
 * through a junction table, `params=single-object`, spread embeds, strict preferences and
 * limited update/delete.
 */
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { prepareDatabase } from '../db/prepare.ts';
import { SERVICE_ROLE_KEY } from '../keys.ts';
import { adminClient, anonClient } from '../testing/auth-helpers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { parseOrder } from './parse-filters.ts';
import { parseSelect } from './parse-select.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OLA = 'a0000000-0000-4000-8000-000000000011';

let platform: TestPlatform;
let ola: SupabaseClient;
let admin: SupabaseClient;

beforeAll(async () => {
  platform = await startTestPlatform({ migrated: true });
  await prepareDatabase(platform.db, { projectRoot: PROJECT_ROOT });
  await platform.db.exec(`
    create table public.rest_feature_probe (id int primary key, note text);
    grant select, insert, update, delete on public.rest_feature_probe to anon, authenticated, service_role;
    create view public.rest_org_view with (security_invoker = true) as
      select id as org_id, name as org_name from public.organizations;
    create view public.rest_members_view with (security_invoker = true) as
      select m.organization_id, m.member_id, m.role from public.organizations_members m;
    grant select on public.rest_org_view, public.rest_members_view to anon, authenticated, service_role;
    create function public.rest_read_only_setting() returns text language sql volatile
      as $$ select current_setting('transaction_read_only') $$;
    create function public.rest_write_probe() returns int language sql volatile
      as $$ insert into public.rest_feature_probe values (1000, 'rpc') on conflict (id) do nothing returning 1 $$;
    create function public.rest_echo(payload jsonb) returns jsonb language sql immutable as $$ select payload $$;
    create function public.rest_echo_unnamed(json) returns json language sql immutable as $$ select $1 $$;
    grant execute on function public.rest_read_only_setting(), public.rest_write_probe(),
      public.rest_echo(jsonb), public.rest_echo_unnamed(json) to anon, authenticated, service_role;
  `);
  ola = anonClient(platform);
  const { error } = await ola.auth.signInWithPassword({
    email: 'ola@fjordror.no',
    password: 'Demo-passord-1!',
  });
  if (error) throw error;
  admin = adminClient(platform);
});
afterAll(async () => {
  await platform.stop();
});

async function seedProbe(rows: [number, string][]): Promise<void> {
  await platform.db.query('delete from public.rest_feature_probe');
  for (const [id, note] of rows)
    await platform.db.query('insert into public.rest_feature_probe values ($1, $2)', [id, note]);
}

async function probeIds(): Promise<number[]> {
  const { rows } = await platform.db.query<{ id: number }>(
    'select id from public.rest_feature_probe order by id',
  );
  return rows.map((r) => r.id);
}

function rest(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${platform.url}/rest/v1${path}`, {
    ...init,
    headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, ...init.headers },
  });
}

describe('read-only GET and HEAD', () => {
  it('runs GET in a read-only transaction and POST in a read-write one', async () => {
    const get = await admin.rpc('rest_read_only_setting', {}, { get: true });
    expect(get.error).toBeNull();
    expect(get.data).toBe('on');
    const post = await admin.rpc('rest_read_only_setting');
    expect(post.data).toBe('off');
  });

  it('refuses a write through GET with 405 (25006) and allows it through POST', async () => {
    await seedProbe([]);
    const get = await admin.rpc('rest_write_probe', {}, { get: true });
    expect(get.status).toBe(405);
    expect(get.error?.code).toBe('25006');
    expect(await probeIds()).toEqual([]);
    const post = await admin.rpc('rest_write_probe');
    expect(post.error).toBeNull();
    expect(await probeIds()).toEqual([1000]);
  });

  it('answers HEAD with headers and counts but no body', async () => {
    const { rows } = await platform.db.query<{ n: number }>(
      'select count(*)::int as n from public.marketplaces_urls',
    );
    const head = await anonClient(platform)
      .from('marketplaces_urls')
      .select('*', { count: 'exact', head: true });
    expect(head.error).toBeNull();
    expect(head.status).toBe(200);
    expect(head.data).toBeNull();
    expect(head.count).toBe(rows[0]?.n);
    const res = await rest('/marketplaces_urls?select=url', {
      method: 'HEAD',
      headers: { Prefer: 'count=exact' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe(`0-${(rows[0]?.n ?? 0) - 1}/${rows[0]?.n}`);
    expect(await res.text()).toBe('');
  });
});

describe('ranges', () => {
  it('answers an offset past the end with 416 when counting exactly', async () => {
    await seedProbe([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    const past = await admin
      .from('rest_feature_probe')
      .select('id', { count: 'exact' })
      .order('id')
      .range(10, 19);
    expect(past.status).toBe(416);
    expect(past.error?.code).toBe('PGRST103');
    expect(past.error?.details).toBe('An offset of 10 was requested, but there are only 3 rows.');
    const res = await rest('/rest_feature_probe?select=id', {
      headers: { Prefer: 'count=exact', Range: '5-9' },
    });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('*/3');
    // Right at the end is an empty page, not an error; without a count nothing is known.
    const atEnd = await admin
      .from('rest_feature_probe')
      .select('id', { count: 'exact' })
      .order('id')
      .range(3, 5);
    expect(atEnd.status).toBe(206);
    expect(atEnd.data).toEqual([]);
    const uncounted = await admin.from('rest_feature_probe').select('id').order('id').range(10, 19);
    expect(uncounted.status).toBe(200);
    expect(uncounted.data).toEqual([]);
  });
});

describe('ordering by an embedded resource', () => {
  it('orders the top level by a to-one embed column', async () => {
    const { data, error } = await admin
      .from('organizations_members')
      .select('member_id, org:organizations(name)')
      .order('org(name)', { ascending: false })
      .order('member_id');
    expect(error).toBeNull();
    const names = (data as unknown as { org: { name: string } }[]).map((r) => r.org.name);
    expect(names.length).toBeGreaterThan(1);
    const { rows } = await platform.db.query<{ name: string }>(
      `select o.name from public.organizations_members m join public.organizations o on o.id = m.organization_id
       order by o.name desc, m.member_id`,
    );
    expect(names).toEqual(rows.map((r) => r.name));
  });

  it('refuses to-many and unselected embeds', async () => {
    const toMany = await admin.from('organizations').select('id, leads(id)').order('leads(id)');
    expect(toMany.status).toBe(400);
    expect(toMany.error?.code).toBe('PGRST118');
    const missing = await admin.from('organizations_members').select('role').order('organizations(name)');
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe('PGRST108');
  });

  it('parses rel(col) order terms', () => {
    expect(parseOrder('org(name).desc.nullslast,id')).toEqual([
      { relation: 'org', column: 'name', path: [], descending: true, nulls: 'last' },
      { column: 'id', path: [], descending: false },
    ]);
    expect(() => parseOrder('org(name))')).toThrow();
  });
});

describe('many-to-many', () => {
  it('embeds marketplaces of organizations through marketplaces_organizations', async () => {
    const { data, error } = await admin
      .from('organizations')
      .select('id, marketplaces(id, name)')
      .order('id');
    expect(error).toBeNull();
    const { rows } = await platform.db.query<{ organization_id: string; marketplace_id: string }>(
      'select organization_id::text, marketplace_id::text from public.marketplaces_organizations',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const org of data as unknown as { id: string; marketplaces: { id: string }[] }[]) {
      const expected = rows
        .filter((r) => r.organization_id === org.id)
        .map((r) => r.marketplace_id)
        .sort();
      expect(org.marketplaces.map((m) => m.id).sort()).toEqual(expected);
    }
  });

  it('embeds the other way, with the junction as hint, !inner and RLS applied', async () => {
    const { data, error } = await admin
      .from('marketplaces')
      .select('id, organizations!marketplaces_organizations!inner(id)')
      .limit(5);
    expect(error).toBeNull();
    for (const m of data as unknown as { organizations: unknown[] }[])
      expect(m.organizations.length).toBeGreaterThan(0);
    // Ola only sees his own organization's memberships and the marketplaces it belongs to.
    const own = await ola.from('organizations').select('id, marketplaces(id)');
    expect(own.error).toBeNull();
    expect(own.data?.length).toBeGreaterThan(0);
  });
});

describe('views without foreign keys', () => {
  it('embeds through the foreign keys of the views base tables', async () => {
    const { data, error } = await ola
      .from('rest_members_view')
      .select('role, rest_org_view(org_id, org_name), organizations(id)')
      .eq('member_id', OLA);
    expect(error).toBeNull();
    const rows = data as unknown as {
      rest_org_view: { org_id: string; org_name: string };
      organizations: { id: string };
    }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.rest_org_view.org_id).toBe(row.organizations.id);
    const back = await ola
      .from('rest_org_view')
      .select('org_id, organizations_members(member_id), rest_members_view(member_id)');
    expect(back.error).toBeNull();
    expect(back.data?.length).toBeGreaterThan(0);
    for (const org of back.data as unknown as {
      organizations_members: unknown[];
      rest_members_view: unknown[];
    }[])
      expect(org.rest_members_view).toEqual(org.organizations_members);
  });
});

describe('RPC with params=single-object', () => {
  it('passes the whole body as the one json argument', async () => {
    const payload = { a: 1, list: [1, 'two'], nested: { ok: true } };
    const res = await rest('/rpc/rest_echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'params=single-object' },
      body: JSON.stringify(payload),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toContain('params=single-object');
    expect(await res.json()).toEqual(payload);
    // Without the preference, the body's keys are the arguments.
    const named = await admin.rpc('rest_echo', { payload: { b: 2 } });
    expect(named.data).toEqual({ b: 2 });
    // A function with one unnamed json argument gets the body as it is.
    const unnamed = await admin.rpc('rest_echo_unnamed', { x: 'y' });
    expect(unnamed.error).toBeNull();
    expect(unnamed.data).toEqual({ x: 'y' });
  });

  it('reports a function without a json argument as not found', async () => {
    const res = await rest('/rpc/rest_read_only_setting', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'params=single-object' },
      body: '{}',
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST202');
  });
});

describe('spread embeds', () => {
  it('lifts the columns of a to-one embed into the parent', async () => {
    const { data, error } = await ola
      .from('organizations_members')
      .select('role, ...organizations(org_id:id, org_name:name)')
      .eq('member_id', OLA);
    expect(error).toBeNull();
    const { rows } = await platform.db.query<{ id: string; name: string; role: string }>(
      `select o.id::text, o.name, m.role::text from public.organizations_members m
       join public.organizations o on o.id = m.organization_id where m.member_id = $1`,
      [OLA],
    );
    expect(data).toEqual(rows.map((r) => ({ role: r.role, org_id: r.id, org_name: r.name })));
  });

  it('spreads a to-many embed as lists (PostgREST 13) and parses the syntax', async () => {
    const toMany = await admin.from('organizations').select('id, ...leads(lead_ids:id)').limit(1).single();
    expect(toMany.error).toBeNull();
    expect(Array.isArray((toMany.data as { lead_ids: unknown } | null)?.lead_ids)).toBe(true);
    expect(parseSelect('id,...org(name)')).toEqual([
      { kind: 'column', name: 'id', path: [] },
      {
        kind: 'embed',
        relation: 'org',
        inner: false,
        spread: true,
        select: [{ kind: 'column', name: 'name', path: [] }],
      },
    ]);
    expect(() => parseSelect('...a:org(name)')).toThrow();
    expect(() => parseSelect('...name')).toThrow();
  });
});

describe('strict preferences and limited writes', () => {
  it('rejects unknown preferences with handling=strict', async () => {
    const res = await rest('/rest_feature_probe', {
      headers: { Prefer: 'handling=strict, frobnicate=yes' },
    });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { code: string; details: string };
    expect(json.code).toBe('PGRST122');
    expect(json.details).toContain('frobnicate=yes');
    const lenient = await rest('/rest_feature_probe', { headers: { Prefer: 'frobnicate=yes' } });
    expect(lenient.status).toBe(200);
  });

  it('rolls back a delete affecting more than max-affected rows', async () => {
    await seedProbe([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    const tooMany = await rest('/rest_feature_probe?id=lt.3', {
      method: 'DELETE',
      headers: { Prefer: 'handling=strict, max-affected=1' },
    });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { code: string }).code).toBe('PGRST124');
    expect(await probeIds()).toEqual([1, 2, 3]);
    const ok = await rest('/rest_feature_probe?id=eq.3', {
      method: 'DELETE',
      headers: { Prefer: 'handling=strict, max-affected=1' },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('preference-applied')).toContain('max-affected=1');
    expect(await probeIds()).toEqual([1, 2]);
  });

  it('limits PATCH and DELETE to the first rows in order', async () => {
    await seedProbe([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
      [4, 'd'],
    ]);
    const patched = await rest('/rest_feature_probe?id=gt.1&order=id.desc&limit=2', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ note: 'x' }),
    });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { id: number }[]).map((r) => r.id).sort()).toEqual([3, 4]);
    const deleted = await rest('/rest_feature_probe?order=id&limit=1&offset=1', { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await probeIds()).toEqual([1, 3, 4]);
  });
});
