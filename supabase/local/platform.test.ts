/**
 * The assembled platform as `npm start` runs it: persisted database, gateway, outbox. A restart
 * must keep every user and session.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAccounts } from './demo-accounts.ts';
import { startPlatform, type Platform } from './platform.ts';
import { adminClient, anonClient } from './testing/auth-helpers.ts';

/** The platform's gateway as supabase-js sees it. */
const client = (platform: Platform, role: 'anon' | 'service_role' = 'anon') =>
  role === 'anon' ? anonClient({ url: platform.urls.api }) : adminClient({ url: platform.urls.api });

const dataDir = mkdtempSync(path.join(tmpdir(), 'leadtorget-platform-'));
const ports = { api: 0, db: 0, outbox: 0 };

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded platform', () => {
  it('serves auth, the outbox and the database, and keeps users and sessions across a restart', async () => {
    const email = `restart-${Date.now()}@example.no`;
    const password = 'Sterkt-Passord-42!';

    const first = await startPlatform({ dataDir, ports });
    let refreshToken: string;
    try {
      const admin = client(first, 'service_role');
      const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
      expect(created.error).toBeNull();

      const signIn = await client(first).auth.signInWithPassword({ email, password });
      expect(signIn.error).toBeNull();
      refreshToken = signIn.data.session?.refresh_token ?? '';

      // psql and the Supabase CLI reach the same database over the wire.
      const wire = new pg.Client({ connectionString: first.urls.db });
      await wire.connect();
      const { rows } = await wire.query<{ email: string }>('select email from auth.users where email = $1', [
        email,
      ]);
      await wire.end();
      expect(rows).toEqual([{ email }]);

      const outbox = (await fetch(`${first.urls.outbox}/api/v1/messages`).then((r) => r.json())) as {
        total: number;
      };
      expect(outbox.total).toBeGreaterThanOrEqual(0);
    } finally {
      await first.stop();
    }

    const second = await startPlatform({ dataDir, ports });
    try {
      // Nothing to migrate or bootstrap again: the second start only opens the data folder.
      expect(second.database.report.migrations.applied).toEqual([]);

      const refreshed = await client(second).auth.refreshSession({ refresh_token: refreshToken });
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.user?.email).toBe(email);

      const again = await client(second).auth.signInWithPassword({ email, password });
      expect(again.error).toBeNull();
    } finally {
      await second.stop();
    }
  });

  it('starts again after visitors signed up without a password (magic link, one-time codes, Google)', async () => {
    const stamp = Date.now();
    const first = await startPlatform({ dataDir, ports });
    try {
      // Each of these leaves a user whose encrypted_password is empty, as GoTrue does.
      const byEmail = await client(first).auth.signInWithOtp({ email: `magic-${stamp}@example.no` });
      expect(byEmail.error).toBeNull();
      const byPhone = await client(first).auth.signInWithOtp({ phone: `+4791${String(stamp).slice(-6)}` });
      expect(byPhone.error).toBeNull();
      const byProvider = await client(first, 'service_role').auth.admin.createUser({
        email: `google-${stamp}@example.no`,
        email_confirm: true,
        app_metadata: { provider: 'google', providers: ['google'] },
      });
      expect(byProvider.error).toBeNull();
      const { rows } = await first.db.query<{ passwordless: number }>(
        `select count(*)::int as passwordless from auth.users
          where coalesce(encrypted_password, '') = '' and (email like $1 or phone like $2)`,
        [`%-${stamp}@example.no`, `4791${String(stamp).slice(-6)}`],
      );
      expect(rows[0]?.passwordless).toBe(3);
    } finally {
      await first.stop();
    }

    const second = await startPlatform({ dataDir, ports });
    try {
      // What `npm start` lists at start-up: the seeded accounts, the passwordless users skipped.
      const accounts = await demoAccounts(second.db);
      expect(accounts.map((account) => account.email)).toContain('ola@fjordror.no');
      expect(accounts.some((account) => account.email.endsWith(`-${stamp}@example.no`))).toBe(false);
    } finally {
      await second.stop();
    }
  });

  it('answers unknown paths with a gateway 404, not a crash', async () => {
    const platform = await startPlatform({ dataDir, ports });
    try {
      const response = await fetch(`${platform.urls.api}/nothing/here`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'no Route matched with those values' });
      const health = await fetch(`${platform.urls.api}/auth/v1/health`);
      expect(health.status).toBe(200);
    } finally {
      await platform.stop();
    }
  });
});
