import { http, HttpResponse } from 'msw';
import { invokeFunction } from '@/lib/api/invoke-function';
import { AppError } from '@/lib/errors';
import { functionError } from '../../msw/rest';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

const server = setupMswServer();
const url = `${SUPABASE}/functions/v1/buy-lead`;

async function failure(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('invokeFunction', () => {
  it('sends the body as JSON and returns the answer', async () => {
    let sent: unknown = null;
    server.use(
      http.post(url, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ lead: { id: 'lead-1' } });
      }),
    );
    await expect(invokeFunction('buy-lead', { leadId: 'lead-1' })).resolves.toEqual({
      lead: { id: 'lead-1' },
    });
    expect(sent).toEqual({ leadId: 'lead-1' });
  });

  it('turns a refusal into an AppError with its code, status and the rest of the answer as details', async () => {
    server.use(
      http.post(url, () =>
        functionError(402, 'insufficient-tickets', { reservedUntil: '2026-11-24T12:00:00Z' }),
      ),
    );
    const error = await failure(invokeFunction('buy-lead'));
    expect(error.code).toBe('insufficient-tickets');
    expect(error.status).toBe(402);
    expect(error.details).toEqual({ reservedUntil: '2026-11-24T12:00:00Z' });
  });

  it('maps a function’s own code through `codes`, and an unknown one to unknown', async () => {
    server.use(http.post(url, () => functionError(404, 'no-such-pack')));
    expect(
      (await failure(invokeFunction('buy-lead', {}, { codes: { 'no-such-pack': 'not-found' } }))).code,
    ).toBe('not-found');
    const unmapped = await failure(invokeFunction('buy-lead'));
    expect(unmapped.code).toBe('unknown');
    expect(unmapped.status).toBe(404);
  });

  it('reads a 401 without a known code as not signed in', async () => {
    server.use(http.post(url, () => HttpResponse.text('no', { status: 401 })));
    expect((await failure(invokeFunction('buy-lead'))).code).toBe('not-signed-in');
  });

  it('throws a declined card, answered 200 { status: failed }, as its card code', async () => {
    server.use(
      http.post(url, () => HttpResponse.json({ status: 'failed', error: { code: 'insufficient_funds' } })),
    );
    const error = await failure(invokeFunction('buy-lead'));
    expect(error.code).toBe('insufficient_funds');
    expect(error.status).toBe(200);
  });

  it('reports a request that never got an answer as network', async () => {
    server.use(http.post(url, () => HttpResponse.error()));
    const error = await failure(invokeFunction('buy-lead'));
    expect(error.code).toBe('network');
    expect(error.status).toBeNull();
  });
});
