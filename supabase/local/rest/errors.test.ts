/**
 * The SQLSTATE → HTTP status mapping follows PostgREST's (src/PostgREST/Error.hs `mapSQLtoHTTP`):
 * the table, then RAISEd errors through the real supabase-js.
 */
import { anonClient } from '../testing/auth-helpers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { statusForSqlState } from './errors.ts';

describe('statusForSqlState', () => {
  it.each([
    // RAISE: P0001 (the default) is the client's; every other P0 code is PostgREST's 500.
    ['P0001', 400],
    ['P0002', 500],
    ['P0003', 500],
    ['P0004', 500],
    // RAISE SQLSTATE 'PTxyz' answers xyz.
    ['PT404', 404],
    ['PT400', 400],
    ['PT409', 409],
    ['PT418', 418],
    ['PT503', 503],
    ['PT4X4', 500],
    ['PT099', 500],
    ['PGRST', 500],
    // Exact codes and classes.
    ['23503', 409],
    ['23505', 409],
    ['23502', 400],
    ['23514', 400],
    ['25006', 405],
    ['25001', 500],
    ['42883', 404],
    ['42P01', 404],
    ['42P17', 500],
    ['42703', 400],
    ['22004', 400],
    ['22P02', 400],
    ['22P05', 400],
    ['08006', 503],
    ['09000', 500],
    ['0L000', 403],
    ['0P000', 403],
    ['28000', 403],
    ['2D000', 500],
    ['38000', 500],
    ['39000', 500],
    ['3B000', 500],
    ['40001', 500],
    ['40P01', 500],
    ['53400', 500],
    ['53100', 503],
    ['54000', 500],
    ['55P03', 500],
    ['57P01', 503],
    ['57014', 500],
    ['58030', 500],
    ['F0000', 500],
    ['HV000', 500],
    ['XX000', 500],
    // Anything PostgREST does not list is the client's.
    ['2F005', 400],
    ['44000', 400],
    ['0A000', 400],
  ])('%s → %i', (code, status) => {
    expect(statusForSqlState(code, 'authenticated')).toBe(status);
  });

  it('42501 is 401 for anon and 403 for a signed-in role', () => {
    expect(statusForSqlState('42501', 'anon')).toBe(401);
    expect(statusForSqlState('42501', 'authenticated')).toBe(403);
    expect(statusForSqlState('42501', 'service_role')).toBe(403);
  });

  it('reads the message where PostgREST does', () => {
    expect(statusForSqlState('21000', 'anon', 'DELETE requires a WHERE clause')).toBe(400);
    expect(statusForSqlState('21000', 'anon', 'more than one row returned by a subquery')).toBe(500);
    expect(statusForSqlState('22023', 'anon', 'role "nobody" does not exist')).toBe(401);
    expect(statusForSqlState('22023', 'anon', 'invalid-email')).toBe(400);
    expect(statusForSqlState('42883', 'anon', 'function xmlagg(text) does not exist')).toBe(406);
  });
});

describe('raised errors through supabase-js', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
    await platform.db.exec(`
      create function public.raise_probe(input_code text)
      returns void
      language plpgsql
      as $$
      begin
        raise exception using errcode = input_code, message = 'probe-' || input_code, detail = 'd', hint = 'h';
      end;
      $$;
      grant execute on function public.raise_probe(text) to anon;
    `);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it.each([
    ['PT404', 404],
    ['PT409', 409],
    ['P0001', 400],
    ['P0002', 500],
  ])('RAISE %s answers %i with PostgREST’s error JSON', async (code, status) => {
    const result = await anonClient(platform).rpc('raise_probe', { input_code: code });
    expect(result.status).toBe(status);
    expect(result.error).toMatchObject({ code, message: `probe-${code}`, details: 'd', hint: 'h' });
  });
});
