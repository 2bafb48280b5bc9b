/**
 * What a scheduled job is: a module in jobs/ exporting `{ name, run(deps, input) }`, listed in
 * registry.ts. `run` answers the counts the handler returns beside the job's name.
 */
import type { CheckoutOrderDb } from '../_shared/checkout-orders.ts';
import type { Log } from '../_shared/http.ts';
import type { Mail, Mailer } from '../_shared/mailer.ts';
import type { Rpc } from '../_shared/database.ts';
import type { PaymentProvider } from '../_shared/payments.ts';

export interface JobDeps {
  /** The database's functions, with the service role. */
  rpc: Rpc;
  mailer: Mailer;
  /** Base of the links to the app (SITE_URL). */
  siteUrl: string;
  /** Base of the links to functions (one-click unsubscribe). */
  functionsUrl: string;
  /** Service role: removes files of a bucket through the storage API; throws when it cannot. */
  removeFiles(bucket: string, paths: readonly string[]): Promise<void>;
  /** Checkout orders and their payments (checkout-order-expiry); index.ts always gives them. */
  checkouts?: CheckoutJobDeps;
  log: Log;
}

export interface CheckoutJobDeps {
  orders: CheckoutOrderDb;
  payments: PaymentProvider;
  /** The seller's connected account its payments are made on (Stripe Connect), else null. */
  paymentAccount(organizationId: string): Promise<string | null>;
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

/** Runs `task` on each item, a few at a time, and answers every outcome in the items' order. */
export async function settleEach<Item, Result>(
  items: readonly Item[],
  task: (item: Item) => Promise<Result>,
): Promise<PromiseSettledResult<Result>[]> {
  const results: PromiseSettledResult<Result>[] = [];
  for (let start = 0; start < items.length; start += CONCURRENCY) {
    results.push(...(await Promise.allSettled(items.slice(start, start + CONCURRENCY).map(task))));
  }
  return results;
}

/** Sends each claim's e-mail, a few at a time; a failure releases that claim for the next run. */
export async function sendAll<Claim>(
  deps: JobDeps,
  job: string,
  claims: readonly Claim[],
  mailOf: (claim: Claim) => Mail,
  release: (claim: Claim) => Promise<unknown>,
): Promise<{ sent: number; failed: number }> {
  const results = await settleEach(claims, (claim) => deps.mailer.send(mailOf(claim)));
  let failed = 0;
  for (const [index, result] of results.entries()) {
    if (result.status === 'fulfilled') continue;
    failed += 1;
    deps.log(`campaign-jobs ${job}: an e-mail failed, released for the next run`, result.reason);
    await releaseLogged(deps, job, () => release(claims[index]!));
  }
  return { sent: results.length - failed, failed };
}

/**
 * Sends the e-mails of claims that have several each (a response's notice to each member, a digest
 * to each), a few at a time. Answers the counts and, once each, the claims of which an e-mail failed,
 * for the caller to release (one call for all of them, or one each).
 */
export async function sendPerClaim<Claim>(
  deps: JobDeps,
  job: string,
  mails: readonly { claim: Claim; mail: Mail }[],
): Promise<{ sent: number; failed: number; failedClaims: Claim[] }> {
  const results = await settleEach(mails, ({ mail }) => deps.mailer.send(mail));
  const failedClaims = new Set<Claim>();
  for (const [index, result] of results.entries()) {
    if (result.status === 'fulfilled') continue;
    deps.log(`campaign-jobs ${job}: an e-mail failed, released for the next run`, result.reason);
    failedClaims.add(mails[index]!.claim);
  }
  const failed = results.filter((result) => result.status === 'rejected').length;
  return { sent: results.length - failed, failed, failedClaims: [...failedClaims] };
}

/** Hands a claim back; a failure to do so is logged (the claim then waits), never thrown. */
export async function releaseLogged(deps: JobDeps, job: string, release: () => Promise<unknown>) {
  try {
    await release();
  } catch (error) {
    deps.log(`campaign-jobs ${job}: releasing a failed e-mail failed`, error);
  }
}
