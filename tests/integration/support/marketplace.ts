import { randomUUID } from 'node:crypto';
import { adminClient, signedInUser, uniqueEmail } from '../../../supabase/local/testing/auth-helpers.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';

/** An organization of the function tests: its id, its owner's access token and user id. */
export interface TestOrganization {
  id: string;
  jwt: string;
  userId: string;
}

/** Runs `query` on the platform's database as postgres (RLS does not apply): the tests' setup. */
export async function sql<T = Record<string, unknown>>(
  platform: TestPlatform,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (await platform.db.query<T>(query, params)).rows;
}

/** The marketplace `marketplaceId` («Håndverkertorget»), owned by a new user. */
export async function createMarketplace(platform: TestPlatform, marketplaceId: string): Promise<void> {
  const owner = await adminClient(platform).auth.admin.createUser({ email: uniqueEmail('eier') });
  if (owner.error) throw owner.error;
  await sql(
    platform,
    `insert into public.marketplaces (id, owner_id, name) values ($1, $2, 'Håndverkertorget')`,
    [marketplaceId, owner.data.user.id],
  );
}

/** A new signed-in owner's organization `<label> AS`, a member of `marketplaceId`. */
export async function marketplaceOrganization(
  platform: TestPlatform,
  marketplaceId: string,
  label: string,
): Promise<TestOrganization> {
  const user = await signedInUser(platform, label);
  const id = randomUUID();
  await sql(platform, `insert into public.organizations (id, name, owner_id) values ($1, $2, $3)`, [
    id,
    `${label} AS`,
    user.user.id,
  ]);
  await sql(
    platform,
    `insert into public.marketplaces_organizations (marketplace_id, organization_id) values ($1, $2)`,
    [marketplaceId, id],
  );
  return { id, jwt: user.session.access_token, userId: user.user.id };
}
