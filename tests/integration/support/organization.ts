import { randomUUID } from 'node:crypto';
import { signedInUser } from '../../../supabase/local/testing/auth-helpers.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import { sql } from './marketplace.ts';

/** A new organization «Fjord Rør AS» owned by a new signed-in user (`label` names the user); its id. */
export async function newFjordRor(platform: TestPlatform, label: string): Promise<string> {
  const owner = await signedInUser(platform, label);
  const organizationId = randomUUID();
  await sql(
    platform,
    `insert into public.organizations (id, name, owner_id) values ($1, 'Fjord Rør AS', $2)`,
    [organizationId, owner.user.id],
  );
  return organizationId;
}
