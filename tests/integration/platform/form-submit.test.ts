/**
 * Forms through the real gateway and data API (docs/forms.md «Database»): the public reads the
 * published version and reports progress with the anon key; only the service key may submit, and the
 * per-address limit of a submission counts the visitor's address the edge function passes, not the
 * address the request came from (every submission comes from the one edge function).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../supabase/local/db/migrate.ts';
import { PROJECT_ROOT } from '../../../supabase/local/testing/functions-platform.ts';
import { startTestPlatform, type TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import { sql } from '../support/marketplace.ts';
import { newFjordRor } from '../support/organization.ts';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

describe('forms on the platform', () => {
  let platform: TestPlatform;
  const formId = randomUUID();
  const versionId = randomUUID();

  beforeAll(async () => {
    platform = await startTestPlatform({ migrated: true });
    await applyMigrations(platform.db, path.join(PROJECT_ROOT, 'supabase', 'migrations'));
    const organizationId = await newFjordRor(platform, 'skjema');
    await sql(
      platform,
      `insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text)
       values ($1, $2, 'form', 'Kontakt oss', now(), 'Jeg godtar vilkårene.')`,
      [formId, organizationId],
    );
    await sql(platform, `insert into public.forms (id, organization_id) values ($1, $2)`, [
      formId,
      organizationId,
    ]);
    await sql(
      platform,
      `insert into public.forms_versions (id, form_id, organization_id, definition, published_at)
       values ($1, $2, $3, '{"title": "publisert"}', now()), (gen_random_uuid(), $2, $3, '{"title": "utkast"}', null)`,
      [versionId, formId, organizationId],
    );
  });

  afterAll(async () => {
    await platform?.stop();
  });

  async function rpc(name: string, key: string, body: object): Promise<Answer> {
    const response = await fetch(`${platform.url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  const submission = (visitor: string) => ({
    input_form_id: formId,
    input_version_id: versionId,
    input_answers: { b_melding: 'Hei' },
    input_client_ip: visitor,
    input_form_shown_at: new Date(Date.now() - 10_000).toISOString(),
  });

  /** Whether a rate-limit window exists for `key` from `address`. */
  async function hasWindow(key: string, address: string): Promise<boolean> {
    const rows = await sql<{ n: number }>(
      platform,
      `select count(*)::int as n from private.rate_limits
       where key_hash = encode(sha256(convert_to($1 || ':ip:' || $2, 'UTF8')), 'hex')`,
      [key, address],
    );
    return (rows[0]?.n ?? 0) > 0;
  }

  it('the public reads the published version, never the draft', async () => {
    const answer = await rpc('form_public', platform.config.anonKey, { input_form_id: formId });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      version_id: versionId,
      definition: { title: 'publisert' },
      status: 'open',
    });
  });

  it('a visitor cannot submit with the anon key', async () => {
    const answer = await rpc('submit_form_response', platform.config.anonKey, submission('198.51.100.9'));
    expect(answer.status).toBe(401);
    expect(
      await sql(platform, `select 1 from public.forms_responses where form_id = $1`, [formId]),
    ).toHaveLength(0);
  });

  it('the service key submits, and the limit counts the visitor, not the edge function', async () => {
    const first = await rpc(
      'submit_form_response',
      platform.config.serviceRoleKey,
      submission('198.51.100.1'),
    );
    const second = await rpc(
      'submit_form_response',
      platform.config.serviceRoleKey,
      submission('2001:DB8::7'),
    );
    expect(first).toMatchObject({ status: 200, body: { send_confirmation: false } });
    expect(second.status).toBe(200);
    expect(await hasWindow('form-response', '198.51.100.1')).toBe(true);
    expect(await hasWindow('form-response', '2001:db8::7')).toBe(true);
    expect(await hasWindow('form-response', '127.0.0.1')).toBe(false);
    const stored = await sql<{ ip_hash: string }>(
      platform,
      `select ip_hash from public.forms_responses where id = $1`,
      [first.body.response_id],
    );
    expect(stored[0]?.ip_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('progress from the public counts against the address the request came from', async () => {
    const answer = await rpc('track_form_progress', platform.config.anonKey, {
      input_form_id: formId,
      input_session_id: randomUUID(),
      input_page_id: 'p_kontakt',
    });
    expect(answer.status).toBe(204);
    expect(await hasWindow('form-progress', '127.0.0.1')).toBe(true);
  });
});
