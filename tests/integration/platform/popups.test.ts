/**
 * Popups through the real gateway and data API (docs/popups.md «The database»): the site snippet's
 * three calls with the anon key and the page's Origin header — the config, events and a sign-up — and
 * the same calls from another site's page refused. This also holds the platform to what hosted
 * PostgREST does: the request's Origin reaches the database in request.headers.
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
  body: unknown;
}

describe('popups on the platform', () => {
  let platform: TestPlatform;
  const siteKey = randomUUID();
  const popupId = randomUUID();
  const variantId = randomUUID();

  beforeAll(async () => {
    platform = await startTestPlatform({ migrated: true });
    await applyMigrations(platform.db, path.join(PROJECT_ROOT, 'supabase', 'migrations'));
    const organizationId = await newFjordRor(platform, 'popup');
    const [site] = await sql<{ id: string }>(
      platform,
      `insert into public.popup_sites (organization_id, domain, site_key) values ($1, 'fjordror.no', $2) returning id`,
      [organizationId, siteKey],
    );
    await sql(
      platform,
      `insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text)
       values ($1, $2, 'popup', 'Nyhetsbrev', now(), 'Jeg godtar vilkårene.')`,
      [popupId, organizationId],
    );
    await sql(platform, `insert into public.popups (id, organization_id) values ($1, $2)`, [
      popupId,
      organizationId,
    ]);
    await sql(
      platform,
      `insert into public.popup_variants (id, popup_id, organization_id, label, weight, content, discount_code)
       values ($1, $2, $3, 'A', 100, '{"heading": "Få 10 %", "field": "email"}', 'FJORD10')`,
      [variantId, popupId, organizationId],
    );
    await sql(
      platform,
      `insert into public.popups_sites (popup_id, site_id, organization_id) values ($1, $2, $3)`,
      [popupId, site?.id, organizationId],
    );
  });

  afterAll(async () => {
    await platform?.stop();
  });

  /** A call as the snippet makes it from a page on `origin`: plain fetch, the anon key. */
  async function rpc(name: string, origin: string, body: object): Promise<Answer> {
    const key = platform.config.anonKey;
    const response = await fetch(`${platform.url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: key,
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        Origin: origin,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  it('reads the site config without the discount code', async () => {
    const answer = await rpc('popup_site_config', 'https://fjordror.no', { input_site_key: siteKey });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      site: { domain: 'fjordror.no', max_per_session: 1, max_per_day: 2 },
      popups: [{ id: popupId, variants: [{ id: variantId, label: 'A', has_discount_code: true }] }],
    });
    expect(JSON.stringify(answer.body)).not.toContain('FJORD10');
  });

  it('records events from the site, and refuses them from another site', async () => {
    const events = [
      { popup_id: popupId, variant_id: variantId, type: 'view', page: '/bad', device: 'mobile' },
    ];
    const refused = await rpc('record_popup_events', 'https://nordlys.no', {
      input_site_key: siteKey,
      input_events: events,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'popup-site-refused' });
    const recorded = await rpc('record_popup_events', 'https://fjordror.no:443', {
      input_site_key: siteKey,
      input_events: events,
    });
    expect(recorded.status).toBe(204);
    const stats = await sql<{ views: number }>(
      platform,
      `select views from public.popup_stats where popup_id = $1 and page = '/bad'`,
      [popupId],
    );
    expect(stats).toEqual([{ views: 1 }]);
  });

  it('signs up from the site with the code in the answer, and refuses another site', async () => {
    const signup = {
      input_site_key: siteKey,
      input_popup_id: popupId,
      input_variant_id: variantId,
      input_email: 'kari@example.no',
      input_consent: true,
      input_shown_at: new Date(Date.now() - 10_000).toISOString(),
    };
    const refused = await rpc('popup_signup', 'https://evil.example', signup);
    expect(refused).toMatchObject({ status: 403, body: { message: 'popup-site-refused' } });
    const answer = await rpc('popup_signup', 'https://fjordror.no', signup);
    expect(answer).toEqual({ status: 200, body: { discount_code: 'FJORD10' } });
    const leads = await sql<{ source: string }>(
      platform,
      `select l.source from public.leads as l where l.email = 'kari@example.no'`,
    );
    expect(leads).toEqual([{ source: 'popup' }]);
  });
});
