/**
 * The embedded local platform (supabase/local/README.md): one process with the database on 54322, the API
 * gateway on 54321 (/auth/v1 now; /rest/v1, /functions/v1 and /storage/v1 join it) and the outbox on
 * 54324 — the ports and keys of `supabase start`, so the app cannot tell the two apart.
 */
import path from 'node:path';
import { createAuthHandler } from './auth/index.ts';
import { loadBucketConfigs, loadConfig } from './config.ts';
import type { Db, PlatformConfig } from './contracts.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.ts';
import { defaultDataDir } from './db/pglite.ts';
import { createFunctionsHandler, type FunctionsService } from './functions/index.ts';
import { closeServer, createGateway, listen } from './http.ts';
import { startOutboxServer, type OutboxServer } from './outbox/server.ts';
import { createOutbox } from './outbox/store.ts';
import { createRestHandler } from './rest/index.ts';
import { startScheduler } from './scheduler/runner.ts';
import { createStorageHandler } from './storage/index.ts';
import { seedBuckets } from './storage/seed.ts';

export interface PlatformOptions {
  projectRoot?: string;
  /** Default: supabase/local/.data/pgdata. */
  dataDir?: string;
  /** Override config.toml's ports (tests use 0 for free ports). */
  ports?: Partial<Record<'api' | 'db' | 'outbox', number>>;
}

export interface Platform {
  config: PlatformConfig;
  db: Db;
  urls: { api: string; db: string; outbox: string };
  database: EmbeddedDatabase;
  /** The edge functions' runner (its workers start on first request, or on boot()). */
  functions: FunctionsService;
  timings: { totalMs: number; databaseMs: number };
  stop(): Promise<void>;
}

export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const started = performance.now();
  const projectRoot = options.projectRoot ?? process.cwd();
  const config = loadConfig(projectRoot);
  const database = await startEmbeddedDatabase({
    projectRoot,
    dataDir: options.dataDir,
    port: options.ports?.db ?? config.dbPort,
  });
  const databaseReady = performance.now();
  const servers: { stop(): Promise<void> }[] = [];
  try {
    const outbox = createOutbox(database.db);
    const outboxServer: OutboxServer = await startOutboxServer(outbox, {
      port: options.ports?.outbox ?? config.outboxPort,
    });
    servers.push(outboxServer);

    // Files beside the database folder: supabase/local/.data/storage by default.
    const storageDir = path.join(path.dirname(options.dataDir ?? defaultDataDir(projectRoot)), 'storage');
    // config.toml's [storage.buckets.*], as `supabase start` makes them (the demo pictures).
    await seedBuckets(database.db, storageDir, loadBucketConfigs(projectRoot));

    const apiPort = options.ports?.api ?? config.apiPort;
    const auth = createAuthHandler({
      db: database.db,
      config,
      mailer: outbox.mailer,
      externalUrl: `http://127.0.0.1:${apiPort}`,
    });
    const functions = createFunctionsHandler({
      config,
      projectRoot,
      externalUrl: `http://127.0.0.1:${apiPort}`,
      outboxUrl: `http://127.0.0.1:${outboxServer.port}`,
    });
    servers.push(functions);
    const gateway = createGateway({
      '/auth/v1': auth,
      '/functions/v1': functions,
      '/rest/v1': createRestHandler({ db: database.db, config }),
      '/storage/v1': createStorageHandler({ db: database.db, config, rootDir: storageDir }),
    });
    const port = await listen(gateway, apiPort);
    servers.push({ stop: () => closeServer(gateway) });
    // pg_cron's part: private.scheduled_jobs' functions, called on their schedules.
    const scheduler = startScheduler({
      db: database.db,
      functionsUrl: `http://127.0.0.1:${port}/functions/v1`,
      serviceRoleKey: config.serviceRoleKey,
    });
    servers.push({ stop: () => Promise.resolve(scheduler.stop()) });

    return {
      config,
      db: database.db,
      database,
      functions,
      urls: {
        api: `http://127.0.0.1:${port}`,
        db: `postgresql://postgres:postgres@127.0.0.1:${database.server.port}/postgres`,
        outbox: `http://127.0.0.1:${outboxServer.port}`,
      },
      timings: { totalMs: performance.now() - started, databaseMs: databaseReady - started },
      async stop() {
        for (const server of servers.reverse()) await server.stop();
        await database.stop();
      },
    };
  } catch (error) {
    for (const server of servers.reverse()) await server.stop();
    await database.stop();
    throw error;
  }
}
