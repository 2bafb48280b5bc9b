/** The data API against the real schema, migrations and seed, driven by the real supabase-js. */
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { prepareDatabase } from '../db/prepare.ts';
import { ANON_KEY, LOCAL_JWT_SECRET, SERVICE_ROLE_KEY, signHs256 } from '../keys.ts';
import { adminClient, anonClient } from '../testing/auth-helpers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OLA = 'a0000000-0000-4000-8000-000000000011';
const FJORDROR = 'b0000000-0000-4000-8000-000000000001';

let platform: TestPlatform;
let ola: SupabaseClient;

beforeAll(async () => {
  platform = await startTestPlatform({ migrated: true });
  await prepareDatabase(platform.db, { projectRoot: PROJECT_ROOT });
  ola = anonClient(platform);
  const { error } = await ola.auth.signInWithPassword({
    email: 'ola@fjordror.no',
    password: 'Demo-passord-1!',
  });
  if (error) throw error;
});
afterAll(async () => {
  await platform.stop();
});

async function orgOf(userId: string): Promise<string> {
  const { rows } = await platform.db.query<{ id: string }>(
    'select organization_id::text as id from public.organizations_members where member_id = $1 limit 1',
    [userId],
  );
  return rows[0]?.id ?? '';
}

describe('select', () => {
  it('reads the own organization through an embedded select', async () => {
    const { data, error } = await ola
      .from('organizations_members')
      .select('role, organization:organizations(id, name)')
      .eq('member_id', OLA);
    expect(error).toBeNull();
    expect(data?.length).toBeGreaterThan(0);
    const first = data?.[0] as unknown as { organization: { id: string; name: string } };
    expect(first.organization.id).toBe(await orgOf(OLA));
    expect(typeof first.organization.name).toBe('string');
  });

  it('embeds to-many, renames, casts, orders and limits', async () => {
    const { data, error } = await ola
      .from('organizations')
      .select('id, label:name, created:created_at::text, members:organizations_members(member_id, role)')
      .order('name', { ascending: true, nullsFirst: false })
      .limit(5);
    expect(error).toBeNull();
    const row = data?.[0] as unknown as { label: string; members: unknown[] };
    expect(typeof row.label).toBe('string');
    expect(Array.isArray(row.members)).toBe(true);
    expect(row.members.length).toBeGreaterThan(0);
  });

  it('filters with in, or, not and !inner embeds', async () => {
    const org = await orgOf(OLA);
    const { data, error } = await ola
      .from('organizations_members')
      .select('member_id, organizations!inner(id)')
      .eq('organizations.id', org)
      .or(`role.eq.owner,role.eq.admin,role.eq.member`)
      .not('member_id', 'is', null)
      .in('organization_id', [org, '00000000-0000-0000-0000-000000000000']);
    expect(error).toBeNull();
    expect(data?.length).toBeGreaterThan(0);
  });

  it('hides other organizations leads by RLS (empty result, not an error)', async () => {
    const { rows } = await platform.db.query<{ id: string }>(
      `select l.id::text from public.leads l
       where l.organization_id <> $1
         and not exists (select 1 from public.leads_purchases p where p.lead_id = l.id and p.organization_id = $1)
       limit 1`,
      [await orgOf(OLA)],
    );
    const other = rows[0]?.id;
    expect(other).toBeTruthy();
    const { data, error } = await ola
      .from('leads')
      .select('id')
      .eq('id', other ?? '');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('lets RLS turn an anonymous delete into a no-op', async () => {
    const before = await platform.db.query<{ n: number }>('select count(*)::int as n from public.leads');
    const { error } = await anonClient(platform).from('leads').delete().not('id', 'is', null);
    expect(error === null || ['42501'].includes(error.code)).toBe(true);
    const after = await platform.db.query<{ n: number }>('select count(*)::int as n from public.leads');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('lets anon read marketplaces_urls', async () => {
    const { data, error } = await anonClient(platform)
      .from('marketplaces_urls')
      .select('url, marketplace_id');
    expect(error).toBeNull();
    expect(data?.length).toBeGreaterThan(0);
  });

  it('counts exactly with a range', async () => {
    const { data, count, error } = await adminClient(platform)
      .from('leads')
      .select('id', { count: 'exact' })
      .order('id')
      .range(2, 6);
    expect(error).toBeNull();
    expect(data).toHaveLength(5);
    const { rows } = await platform.db.query<{ n: number }>('select count(*)::int as n from public.leads');
    expect(count).toBe(rows[0]?.n);
  });

  it('answers .single() with PGRST116 for many rows and an object for one', async () => {
    const many = await adminClient(platform).from('leads').select('id').single();
    expect(many.error?.code).toBe('PGRST116');
    expect(many.status).toBe(406);
    const one = await ola.from('profiles').select('id, name').eq('id', OLA).single();
    expect(one.error).toBeNull();
    expect((one.data as { id: string }).id).toBe(OLA);
  });

  it('returns CSV', async () => {
    const { data, error } = await anonClient(platform)
      .from('marketplaces_urls')
      .select('url')
      .order('url')
      .csv();
    expect(error).toBeNull();
    expect(String(data).split('\n')[0]).toBe('url');
  });
});

describe('writes', () => {
  it('denies inserting leads into another organization (42501 → 403)', async () => {
    const other = 'b0000000-0000-4000-8000-000000000002';
    const before = await platform.db.query<{ n: number }>('select count(*)::int as n from public.leads');
    const { error, status } = await ola.from('leads').insert({ organization_id: other, name: 'Inntrenger' });
    expect(error?.code).toBe('42501');
    expect(status).toBe(403);
    const after = await platform.db.query<{ n: number }>('select count(*)::int as n from public.leads');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('upserts the own users_configs row', async () => {
    const { data, error } = await ola
      .from('users_configs')
      .upsert({ id: OLA, last_organization_selected_id: FJORDROR })
      .select('id, last_organization_selected_id')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: OLA, last_organization_selected_id: FJORDROR });
  });

  it('updates and returns the representation', async () => {
    const { data, error } = await ola
      .from('profiles')
      .update({ name: 'Ola N.' })
      .eq('id', OLA)
      .select('name');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Ola N.' }]);
  });
});

describe('rpc', () => {
  it('calls is_organization_member with named arguments', async () => {
    const yes = await ola.rpc('is_organization_member', { input_organization_id: await orgOf(OLA) });
    expect(yes.error).toBeNull();
    expect(yes.data).toBe(true);
    const no = await ola.rpc('is_organization_member', {
      input_organization_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(no.data).toBe(false);
  });

  it('maps a raised 22004 to 400 and an unknown function to 404', async () => {
    const nullArg = await ola.rpc('is_organization_member', { input_organization_id: null });
    expect(nullArg.status).toBe(400);
    const unknown = await ola.rpc('no_such_function', {});
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
  });
});

describe('schema changes', () => {
  it('picks up a new table without a restart', async () => {
    await platform.db.exec(
      'create table public.rest_probe (id int primary key, note text); grant select on public.rest_probe to anon;',
    );
    await platform.db.query("insert into public.rest_probe values (1, 'hei')");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { data, error } = await anonClient(platform).from('rest_probe').select('*');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, note: 'hei' }]);
  });
});

describe('bad requests', () => {
  const expired = signHs256(
    { role: 'authenticated', sub: OLA, exp: Math.floor(Date.now() / 1000) - 3600 },
    LOCAL_JWT_SECRET,
  );
  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
  const algNone = `${header}.${payload}.`;
  const forged = signHs256({ role: 'service_role' }, 'not-the-secret-not-the-secret-not-the-secret');
  const cases: {
    name: string;
    path: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    status: number;
  }[] = [
    { name: 'malformed select', path: '/leads?select=id,(name', status: 400 },
    { name: 'bad embed syntax', path: '/leads?select=organizations(id', status: 400 },
    { name: 'unknown operator', path: '/leads?id=zz.1', status: 400 },
    { name: 'malformed in', path: '/leads?id=in.1,2', status: 400 },
    { name: 'unknown column', path: '/leads?select=nope', status: 400 },
    { name: 'unknown filter column', path: '/leads?nope=eq.1', status: 400 },
    { name: 'unknown table', path: '/nope', status: 404 },
    { name: 'unknown relationship', path: '/leads?select=id,marketplaces_urls(url)', status: 400 },
    {
      name: 'injection in identifier',
      path: `/leads?select=${encodeURIComponent('id;drop table public.leads;--')}`,
      status: 400,
    },
    {
      name: 'injection in quoted identifier',
      path: `/leads?select=${encodeURIComponent('"id"" from public.leads; --"')}`,
      status: 400,
    },
    { name: 'injection in table', path: `/${encodeURIComponent('leads;drop table leads')}`, status: 400 },
    {
      name: 'injection in value',
      path: `/leads?id=eq.${encodeURIComponent("1'; drop table public.leads; --")}`,
      status: 400,
    },
    {
      name: 'injection in order',
      path: `/leads?order=${encodeURIComponent('id;drop table leads')}`,
      status: 400,
    },
    {
      name: 'injection in cast',
      path: `/leads?select=${encodeURIComponent('id::text;drop table leads')}`,
      status: 400,
    },
    { name: 'bad limit', path: '/leads?limit=-1', status: 400 },
    { name: 'invalid uuid', path: '/leads?id=eq.not-a-uuid', status: 400 },
    {
      name: 'malformed JSON',
      path: '/leads',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":',
      status: 400,
    },
    {
      name: 'wrong content type',
      path: '/leads',
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x',
      status: 415,
    },
    {
      name: 'unknown insert column',
      path: '/leads',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"nope":1}',
      status: 400,
    },
    {
      name: 'oversized body',
      path: '/leads',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"name":"${'a'.repeat(2 * 1024 * 1024)}"}`,
      status: 413,
    },
    { name: 'alg none token', path: '/leads', headers: { Authorization: `Bearer ${algNone}` }, status: 401 },
    { name: 'forged token', path: '/leads', headers: { Authorization: `Bearer ${forged}` }, status: 401 },
    { name: 'expired token', path: '/leads', headers: { Authorization: `Bearer ${expired}` }, status: 401 },
    { name: 'garbage token', path: '/leads', headers: { Authorization: 'Bearer abc' }, status: 401 },
  ];

  it.each(cases)('$name → $status with PostgREST error JSON', async (c) => {
    const before = await platform.db.query<{ n: number }>('select count(*)::int as n from public.leads');
    const res = await fetch(`${platform.url}/rest/v1${c.path}`, {
      method: c.method ?? 'GET',
      headers: { apikey: ANON_KEY, ...c.headers },
      body: c.body,
    });
    expect(res.status).toBe(c.status);
    const json = (await res.json()) as Record<string, unknown>;
    expect(typeof json.code).toBe('string');
    expect(typeof json.message).toBe('string');
    expect(json).toHaveProperty('details');
    expect(json).toHaveProperty('hint');
    const after = await platform.db.query<{ n: number }>('select count(*)::int as n from public.leads');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describe('NUL characters', () => {
  // Postgres text cannot hold U+0000: the value is refused with SQLSTATE 22021 (a parameter) or
  // 22P05 (inside JSON), which PostgREST answers 400 like every data exception (class 22).
  const service = { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` };
  const json = { 'Content-Type': 'application/json' };
  const cases: {
    name: string;
    path: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }[] = [
    { name: 'a filter value', path: '/marketplaces_urls?url=eq.a%00b' },
    { name: 'a pattern', path: '/marketplaces_urls?url=like.*%00*' },
    { name: 'an in list', path: '/marketplaces_urls?url=in.(a%00b,c)' },
    { name: 'an or filter', path: '/marketplaces_urls?or=(url.eq.a%00b,url.eq.c)' },
    { name: 'a negated filter', path: '/marketplaces_urls?url=not.eq.%00' },
    { name: 'a count request', path: '/marketplaces_urls?url=eq.%00', headers: { Prefer: 'count=exact' } },
    {
      name: 'an inserted value',
      path: '/marketplaces',
      method: 'POST',
      headers: { ...service, ...json },
      body: '{"name":"a\\u0000b"}',
    },
    {
      name: 'an updated value',
      path: '/marketplaces?name=eq.nobody',
      method: 'PATCH',
      headers: { ...service, ...json },
      body: '{"name":"a\\u0000b"}',
    },
    { name: 'a delete filter', path: '/marketplaces?name=eq.a%00b', method: 'DELETE', headers: service },
    {
      name: 'an rpc argument (POST)',
      path: '/rpc/marketplace_for_host',
      method: 'POST',
      headers: { ...service, ...json },
      body: '{"input_host":"a\\u0000b"}',
    },
    { name: 'an rpc argument (GET)', path: '/rpc/marketplace_for_host?input_host=a%00b', headers: service },
  ];

  it.each(cases)('in $name → 400 with the SQLSTATE', async (c) => {
    const res = await fetch(`${platform.url}/rest/v1${c.path}`, {
      method: c.method ?? 'GET',
      headers: { apikey: ANON_KEY, ...c.headers },
      body: c.body,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(['22021', '22P05']).toContain(body.code);
    expect(typeof body.message).toBe('string');
  });

  it('in a column or table name → 400 PGRST100, never reaching SQL', async () => {
    for (const path of [
      '/marketplaces_urls?select=u%00rl',
      '/marketplaces_urls?u%00rl=eq.x',
      '/market%00places',
    ]) {
      const res = await fetch(`${platform.url}/rest/v1${path}`, { headers: { apikey: ANON_KEY } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('PGRST100');
    }
  });
});

describe('more of PostgREST', () => {
  it('inserts with return=representation, ignores duplicates, and returns minimal by default', async () => {
    const admin = adminClient(platform);
    const marketplace = (
      await platform.db.query<{ id: string }>('select id::text from public.marketplaces limit 1')
    ).rows[0]?.id;
    const inserted = await admin
      .from('marketplaces_urls')
      .insert([
        { url: 'a.rest.test', marketplace_id: marketplace },
        { url: 'b.rest.test', marketplace_id: marketplace },
      ])
      .select('url');
    expect(inserted.error).toBeNull();
    expect(inserted.status).toBe(201);
    expect(inserted.data).toEqual([{ url: 'a.rest.test' }, { url: 'b.rest.test' }]);
    const duplicate = await admin
      .from('marketplaces_urls')
      .insert({ url: 'a.rest.test', marketplace_id: marketplace });
    expect(duplicate.error?.code).toBe('23505');
    expect(duplicate.status).toBe(409);
    const ignored = await admin
      .from('marketplaces_urls')
      .upsert(
        { url: 'a.rest.test', marketplace_id: marketplace },
        { onConflict: 'url', ignoreDuplicates: true },
      );
    expect(ignored.error).toBeNull();
    expect(ignored.data).toBeNull();
    const removed = await admin
      .from('marketplaces_urls')
      .delete({ count: 'exact' })
      .like('url', '*.rest.test');
    expect(removed.error).toBeNull();
    expect(removed.count).toBe(2);
  });

  it('orders and limits embedded resources', async () => {
    const { data, error } = await ola
      .from('organizations')
      .select('id, leads(id, created_at)')
      .eq('id', FJORDROR)
      .order('created_at', { referencedTable: 'leads', ascending: false, nullsFirst: true })
      .limit(2, { referencedTable: 'leads' });
    expect(error).toBeNull();
    const leads = (data?.[0] as unknown as { leads: { created_at: string }[] }).leads;
    expect(leads.length).toBeLessThanOrEqual(2);
  });

  it('calls a function with GET and filters with text search', async () => {
    const res = await fetch(
      `${platform.url}/rest/v1/rpc/is_organization_member?input_organization_id=${FJORDROR}`,
      {
        headers: {
          apikey: ANON_KEY,
          Authorization: `Bearer ${(await ola.auth.getSession()).data.session?.access_token}`,
        },
      },
    );
    expect(res.status).toBe(200);
    expect(typeof (await res.json())).toBe('boolean');
    const fts = await ola.from('profiles').select('name').textSearch('name', 'Ola', { type: 'plain' });
    expect(fts.error).toBeNull();
  });

  it('rolls back with Prefer: tx=rollback', async () => {
    const res = await fetch(`${platform.url}/rest/v1/profiles?id=eq.${OLA}`, {
      method: 'PATCH',
      headers: {
        apikey: ANON_KEY,
        Authorization: `Bearer ${(await ola.auth.getSession()).data.session?.access_token}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation, tx=rollback',
      },
      body: JSON.stringify({ name: 'Midlertidig' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([expect.objectContaining({ name: 'Midlertidig' })]);
    const { rows } = await platform.db.query<{ name: string }>(
      'select name from public.profiles where id = $1',
      [OLA],
    );
    expect(rows[0]?.name).not.toBe('Midlertidig');
  });
});
