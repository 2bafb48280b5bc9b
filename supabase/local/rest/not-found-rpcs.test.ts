/**
 * The product's RPCs answer «not found» with HTTP 404 (SQLSTATE PT404, migration
 * 20261124100100_not_found_is_404.sql) and limits the caller went over with 409 or 413, never 500:
 * through the real supabase-js against the real migrations, as the app calls them.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { prepareDatabase } from '../db/prepare.ts';
import { signedInUser } from '../testing/auth-helpers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({ migrated: true });
  await prepareDatabase(platform.db, { projectRoot: PROJECT_ROOT, seed: false });
});
afterAll(async () => {
  await platform?.stop();
});

describe('RPCs that find no row answer 404 PT404 with their code as the message', () => {
  it('accept_organization_invitation: an unknown token', async () => {
    const { client } = await signedInUser(platform, 'invitee');
    const result = await client.rpc('accept_organization_invitation', { input_token: 'no-such-token' });
    expect(result.status).toBe(404);
    expect(result.error).toMatchObject({ code: 'PT404', message: 'invitation-not-found' });
  });

  it('claim_sign_in_request: an unknown temporary id', async () => {
    const { client } = await signedInUser(platform, 'claimer');
    const result = await client.rpc('claim_sign_in_request', { input_id: randomUUID() });
    expect(result.status).toBe(404);
    expect(result.error).toMatchObject({ code: 'PT404', message: 'sign-in-request-not-found' });
  });

  it('organizations_payments_email_insert: an organization without its payment settings', async () => {
    const owner = await signedInUser(platform, 'owner');
    const organizationId = randomUUID();
    await platform.db.query('insert into public.organizations (id, name, owner_id) values ($1, $2, $3)', [
      organizationId,
      'Fjordbygg AS',
      owner.user.id,
    ]);
    const added = await owner.client.rpc('organizations_payments_email_insert', {
      input_organization_id: organizationId,
      input_email: 'faktura@fjordbygg.no',
    });
    expect(added.error).toBeNull();
    expect(added.data).toEqual(['faktura@fjordbygg.no']);

    await platform.db.query('delete from public.organizations_payments_config where id = $1', [
      organizationId,
    ]);
    const result = await owner.client.rpc('organizations_payments_email_insert', {
      input_organization_id: organizationId,
      input_email: 'regnskap@fjordbygg.no',
    });
    expect(result.status).toBe(404);
    expect(result.error).toMatchObject({ code: 'PT404', message: 'organization-not-found' });
  });

  it('the refusals around them keep their statuses', async () => {
    const { client } = await signedInUser(platform, 'other');
    const missing = await client.rpc('claim_sign_in_request', { input_id: null as unknown as string });
    expect(missing.status).toBe(400);
    expect(missing.error).toMatchObject({ code: '22004', message: 'sign-in-request-id-required' });
    const empty = await client.rpc('accept_organization_invitation', { input_token: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.error).toMatchObject({ code: '22004', message: 'invitation-token-required' });
  });

  it('limits the caller went over: 409 for an eleventh receipt address, 413 for an import over 10,000 rows', async () => {
    const owner = await signedInUser(platform, 'limits-owner');
    const organizationId = randomUUID();
    await platform.db.query('insert into public.organizations (id, name, owner_id) values ($1, $2, $3)', [
      organizationId,
      'Fjordtak AS',
      owner.user.id,
    ]);
    await platform.db.query(
      `update public.organizations_payments_config
          set receipt_emails = (select array_agg('faktura' || i || '@fjordtak.no') from generate_series(1, 10) as i)
        where id = $1`,
      [organizationId],
    );
    const eleventh = await owner.client.rpc('organizations_payments_email_insert', {
      input_organization_id: organizationId,
      input_email: 'elleve@fjordtak.no',
    });
    expect(eleventh.status).toBe(409);
    expect(eleventh.error).toMatchObject({ code: 'PT409', message: 'too-many-receipt-emails' });

    const rows = Array.from({ length: 10_001 }, (_, i) => ({ name: `N${i}`, email: `n${i}@example.no` }));
    const imported = await owner.client.rpc('import_leads', {
      input_organization_id: organizationId,
      input_rows: rows,
    });
    expect(imported.status).toBe(413);
    expect(imported.error).toMatchObject({ code: 'PT413', message: 'import-too-many-rows' });
  });
});
