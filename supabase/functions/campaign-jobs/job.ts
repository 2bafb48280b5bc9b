/**
 * What a scheduled job is: a module in jobs/ exporting `{ name, run(deps, input) }`, listed in
 * registry.ts. `run` answers the counts the handler returns beside the job's name.
 */
import type { Log } from '../_shared/http.ts';
import type { Mail, Mailer } from '../_shared/mailer.ts';
import type { Rpc } from '../_shared/database.ts';

export interface JobDeps {
  /** The database's functions, with the service role. */
  rpc: Rpc;
  mailer: Mailer;
  /** Base of the links to the app (SITE_URL). */
  siteUrl: string;
  /** Base of the links to functions (one-click unsubscribe). */
  functionsUrl: string;
  log: Log;
}

export interface JobInput {
  /** The body's `now`, or null: a job's database call then goes by the database's clock. */
  now: string | null;
  /** `now` as a date, else the function's clock (for what the e-mails say). */
  at: Date;
}

export interface Job {
  name: string;
  run(deps: JobDeps, input: JobInput): Promise<Record<string, number>>;
}

/** E-mails in flight at once. */
const CONCURRENCY = 8;

/** Sends each claim's e-mail, a few at a time; a failure releases that claim for the next run. */
export async function sendAll<Claim>(
  deps: JobDeps,
  job: string,
  claims: readonly Claim[],
  mailOf: (claim: Claim) => Mail,
  release: (claim: Claim) => Promise<unknown>,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let start = 0; start < claims.length; start += CONCURRENCY) {
    const batch = claims.slice(start, start + CONCURRENCY);
    const results = await Promise.allSettled(batch.map((claim) => deps.mailer.send(mailOf(claim))));
    for (const [index, result] of results.entries()) {
      if (result.status === 'fulfilled') {
        sent += 1;
        continue;
      }
      failed += 1;
      deps.log(`campaign-jobs ${job}: an e-mail failed, released for the next run`, result.reason);
      try {
        await release(batch[index]!);
      } catch (error) {
        deps.log(`campaign-jobs ${job}: releasing a failed e-mail failed`, error);
      }
    }
  }
  return { sent, failed };
}
