/**
 * An in-memory embedded platform for tests and benchmarks: PGlite + bootstrap + outbox + the auth
 * service behind the same gateway as `npm start`, on an ephemeral port. Other services (REST,
 * functions, storage) mount in `services` as they land.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAuthHandler } from '../auth/index.ts';
import { loadConfig } from '../config.ts';
import type { Db, PlatformConfig } from '../contracts.ts';
import { bootstrapDatabase } from '../db/bootstrap.ts';
import { openPglite } from '../db/pglite.ts';
import { createGateway, type Service } from '../http.ts';
import { createOutbox, type Outbox } from '../outbox/store.ts';
import { createRestHandler } from '../rest/index.ts';
import { createStorageHandler } from '../storage/index.ts';
import { openMigratedPglite } from './migrated-template.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A clock tests can move forward (expired codes, refresh-token reuse windows) without waiting. */
export class TestClock {
  offsetMs = 0;
  private frozenAt: number | null = null;
  now = (): Date => new Date((this.frozenAt ?? Date.now()) + this.offsetMs);
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
  /** Stops the clock until `reset`, for tests that count time exactly (a rate limit's refill). */
  freeze(): void {
    this.frozenAt ??= Date.now();
  }
  reset(): void {
    this.offsetMs = 0;
    this.frozenAt = null;
  }
}

export interface TestPlatform {
  /** Base URL of the API gateway, e.g. http://127.0.0.1:41234 (supabase-js `createClient(url, …)`). */
  url: string;
  db: Db;
  outbox: Outbox;
  config: PlatformConfig;
  clock: TestClock;
  /** Services by path prefix (`/auth/v1`, …); tests may mount more. */
  services: Record<string, Service>;
  stop(): Promise<void>;
}

export interface TestPlatformOptions {
  /** Adjust the configuration read from supabase/config.toml. */
  configure?: (config: PlatformConfig) => PlatformConfig;
  /** Start from the bootstrap and every migration applied (a saved template: migrated-template.ts). */
  migrated?: boolean;
}

export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const { db } = options.migrated ? await openMigratedPglite() : await openPglite();
  await bootstrapDatabase(db);
  const base = loadConfig(PROJECT_ROOT);
  // Generous limits: the suite sends far more than a person would. Tests of the limits themselves
  // configure them down. No trusted proxies whatever the environment says: tests that want one say so.
  const tuned: PlatformConfig = {
    ...base,
    trustedProxies: [],
    auth: {
      ...base.auth,
      rateLimits: {
        emailSent: 100_000,
        smsSent: 100_000,
        tokenRefresh: 100_000,
        signInSignUps: 100_000,
        tokenVerifications: 100_000,
        anonymousUsers: 100_000,
      },
    },
  };
  const config = options.configure ? options.configure(tuned) : tuned;
  const outbox = createOutbox(db);
  const clock = new TestClock();
  const services: Record<string, Service> = {};
  const server = createGateway(services);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  services['/auth/v1'] = createAuthHandler({
    db,
    config,
    mailer: outbox.mailer,
    now: clock.now,
    externalUrl: url,
  });
  services['/rest/v1'] = createRestHandler({ db, config });
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'leadtorget-storage-'));
  services['/storage/v1'] = createStorageHandler({ db, config, rootDir: storageDir });
  return {
    url,
    db,
    outbox,
    config,
    clock,
    services,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
