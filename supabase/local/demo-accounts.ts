/**
 * The demo accounts `npm start` lists: read from the database, so the list is always what signs in.
 */
import type { Db } from './contracts.ts';

/** The password supabase/seed.sql gives every demo account (README "Demo accounts"). */
export const DEMO_PASSWORD = 'Demo-passord-1!';

export interface DemoAccount {
  email: string;
  /** What the account is: its memberships, marketplaces and support role, or why it cannot sign in. */
  who: string | null;
}

/**
 * The seeded accounts that still have the documented password (bcrypt-compared in the database, so a
 * changed password drops the account from the list instead of printing a wrong one). Users without a
 * password (magic link, one-time code, Google) have an empty hash, which crypt() refuses as a salt:
 * only well-formed bcrypt hashes reach it, and the case keeps the order of evaluation.
 */
export async function demoAccounts(db: Db): Promise<DemoAccount[]> {
  const { rows } = await db.query<DemoAccount>(
    `select u.email,
            case when u.email_confirmed_at is null then 'e-mail not confirmed'
            else nullif(concat_ws('; ',
              (select string_agg(o.name || ' (' || m.role || ')', ', ' order by o.name)
                 from public.organizations_members m
                 join public.organizations o on o.id = m.organization_id
                where m.member_id = u.id),
              (select 'marketplace owner: ' || string_agg(mp.name, ', ' order by mp.name)
                 from public.marketplaces mp where mp.owner_id = u.id),
              case when (u.raw_app_meta_data ->> 'claims_admin')::boolean then 'support (claims admin)' end), '')
            end as who
       from auth.users u
      where case when u.encrypted_password ~ '^[$]2[abxy][$][0-9]{2}[$][./A-Za-z0-9]{53}$'
                 then u.encrypted_password = extensions.crypt($1, u.encrypted_password)
                 else false end
      order by u.id`,
    [DEMO_PASSWORD],
  );
  return rows;
}

export function accountsTable(accounts: DemoAccount[]): string {
  const width = Math.max(...accounts.map((account) => account.email.length));
  const lines = accounts.map((account) => {
    return `  ${account.email.padEnd(width)}  ${account.who ?? 'no organization'}`;
  });
  return [`Demo accounts (password ${DEMO_PASSWORD}):`, ...lines].join('\n');
}
