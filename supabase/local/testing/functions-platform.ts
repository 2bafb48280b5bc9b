/**
 * A test platform that runs the project's real edge functions (supabase/functions) with the migrations
 * applied and the outbox served with Mailpit's API, so a test reads the e-mails a function sent exactly
 * as an e2e test would. Used by the function tests in supabase/local/functions.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations } from '../db/migrate.ts';
import { createFunctionsHandler } from '../functions/index.ts';
import { startOutboxServer } from '../outbox/server.ts';
import { toolUnavailable } from '../tools.ts';
import { startTestPlatform, type TestPlatform } from './test-platform.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Deno is installed beside the project (`npm test` installs it first); without it these tests are skipped. */
export const hasDeno = toolUnavailable('deno', PROJECT_ROOT) === undefined;

export interface OutboxMail {
  ID: string;
  Subject: string;
  Text: string;
  HTML: string;
}

export interface FunctionsTestPlatform {
  platform: TestPlatform;
  /** What the function workers printed (for a failing assertion's message). */
  logs: readonly string[];
  /** Every e-mail to `address`, newest first, read through Mailpit's API. */
  mailsTo(address: string): Promise<OutboxMail[]>;
  /** A message's headers as Mailpit's API gives them: name → values. */
  mailHeaders(id: string): Promise<Record<string, string[]>>;
  /** Stops the functions, the outbox and the platform; prints the workers' logs when there are any. */
  stop(): Promise<void>;
}

export async function startFunctionsTestPlatform(): Promise<FunctionsTestPlatform> {
  const platform = await startTestPlatform({ migrated: true });
  // Finds every migration applied (the template's), unless one was added since.
  await applyMigrations(platform.db, path.join(PROJECT_ROOT, 'supabase', 'migrations'));
  const outboxServer = await startOutboxServer(platform.outbox, { port: 0, host: '127.0.0.1' });
  const outboxUrl = `http://127.0.0.1:${outboxServer.port}`;
  const logs: string[] = [];
  const functions = createFunctionsHandler({
    config: platform.config,
    projectRoot: PROJECT_ROOT,
    externalUrl: platform.url,
    outboxUrl,
    log: (name, line) => logs.push(`${name}: ${line}`),
  });
  platform.services['/functions/v1'] = functions;

  const getJson = async <T>(url: string) => (await (await fetch(url)).json()) as T;

  return {
    platform,
    logs,
    async mailsTo(address) {
      const list = await getJson<{ messages: { ID: string; To: { Address: string }[] }[] }>(
        `${outboxUrl}/api/v1/messages`,
      );
      const ids = list.messages
        .filter((message) => message.To.some((to) => to.Address === address))
        .map((message) => message.ID);
      return Promise.all(ids.map((id) => getJson<OutboxMail>(`${outboxUrl}/api/v1/message/${id}`)));
    },
    mailHeaders: (id) =>
      getJson<Record<string, string[]>>(`${outboxUrl}/api/v1/message/${encodeURIComponent(id)}/headers`),
    async stop() {
      await functions.stop();
      await outboxServer.stop();
      await platform.stop();
      if (logs.length > 0) console.log(logs.join('\n'));
    },
  };
}
