/**
 * One public call as PostgREST makes it for an anonymous visitor, for the concurrency tests of the
 * public entry functions (calendar-entry, competition-join): `begin; set local role anon;` the
 * visitor's own X-Forwarded-For (10.0.<n>, so the per-IP rate limits stay out of the way) and the
 * role's JWT claims, the statement, `commit` — one simple-protocol message, one round trip (a
 * `rollback` only after an error). `callAsServiceRole` is the same call from an edge function with
 * the service key (form-submit), and `callAsUser` a signed-in member's (meeting-finalize). `countOf` reads
 * a count back the same way in every test.
 */
import type pg from 'pg';

export interface AnonOutcome {
  ok: boolean;
  /** The statement's first row's `outcome` column. */
  outcome?: string;
  /** The error's message: the catalogue code a function raised. */
  code?: string;
}

/** Runs `select … as outcome` (SQL the test wrote) as the anonymous visitor number `n`. */
export function callAsAnon(pool: pg.Pool, select: string, n: number): Promise<AnonOutcome> {
  return callAs(pool, 'anon', select, n);
}

/** Runs `select … as outcome` as the service role, from the caller number `n`'s address. */
export function callAsServiceRole(pool: pg.Pool, select: string, n: number): Promise<AnonOutcome> {
  return callAs(pool, 'service_role', select, n);
}

/** Runs `select … as outcome` as the signed-in user `userId` (a uuid the test made), caller number `n`. */
export function callAsUser(pool: pg.Pool, userId: string, select: string, n: number): Promise<AnonOutcome> {
  return callAs(pool, 'authenticated', select, n, { sub: userId, aud: 'authenticated' });
}

async function callAs(
  pool: pg.Pool,
  role: 'anon' | 'service_role' | 'authenticated',
  select: string,
  n: number,
  userClaims: Record<string, string> = {},
): Promise<AnonOutcome> {
  const headers = JSON.stringify({ 'x-forwarded-for': `10.0.${Math.floor(n / 250)}.${n % 250}` });
  const claims = JSON.stringify({ ...userClaims, role });
  const sql =
    `begin; set local role ${role}; select set_config('request.headers', '${headers}', true), ` +
    `set_config('request.jwt.claims', '${claims}', true); ${select}; commit;`;
  const client = await pool.connect();
  try {
    const results = (await client.query(sql)) as unknown as pg.QueryResult[];
    return { ok: true, outcome: (results[3]?.rows[0] as { outcome: string } | undefined)?.outcome };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    return { ok: false, code: (error as Error).message };
  } finally {
    client.release();
  }
}

/** The `n` column of the first row of `select count(*)::int as n …`; -1 when there is none. */
export async function countOf(pool: pg.Pool, sql: string): Promise<number> {
  const result = await pool.query<{ n: number }>(sql);
  return result.rows[0]?.n ?? -1;
}
