import { http, HttpResponse } from 'msw';
import { PublicCallError, publicRpc } from '@/lib/public/public-rpc';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

const server = setupMswServer();

describe('publicRpc', () => {
  it('posts the arguments as anon and returns the answer', async () => {
    let seen: { auth: string | null; apikey: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${SUPABASE}/rest/v1/rpc/calendar_door_slots`, async ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          apikey: request.headers.get('apikey'),
          body: await request.json(),
        };
        return HttpResponse.json([{ day_number: 1 }]);
      }),
    );
    const slots = await publicRpc<{ day_number: number }[]>('calendar_door_slots', {
      input_calendar_id: 'c1',
    });
    expect(slots).toEqual([{ day_number: 1 }]);
    expect(seen?.body).toEqual({ input_calendar_id: 'c1' });
    expect(seen?.apikey).toBeTruthy();
    expect(seen?.auth).toBe(`Bearer ${seen?.apikey}`);
  });

  it('turns a raised catalogue code into a PublicCallError with that code', async () => {
    server.use(
      http.post(`${SUPABASE}/rest/v1/rpc/submit_calendar_entry`, () =>
        HttpResponse.json({ code: 'P0001', message: 'calendar-door-closed' }, { status: 400 }),
      ),
    );
    await expect(publicRpc('submit_calendar_entry')).rejects.toMatchObject({
      code: 'calendar-door-closed',
      status: 400,
    });
  });

  it('says rate-limited for 429, unknown for a raw database message, network without an answer', async () => {
    server.use(
      http.post(`${SUPABASE}/rest/v1/rpc/a`, () =>
        HttpResponse.json({ message: 'slow down' }, { status: 429 }),
      ),
      http.post(`${SUPABASE}/rest/v1/rpc/a2`, () =>
        HttpResponse.json({ code: 'PT429', message: 'campaign-rate-limited' }, { status: 429 }),
      ),
      http.post(`${SUPABASE}/rest/v1/rpc/b`, () =>
        HttpResponse.json({ message: 'duplicate key value violates unique constraint' }, { status: 409 }),
      ),
      http.post(`${SUPABASE}/rest/v1/rpc/c`, () => HttpResponse.error()),
    );
    await expect(publicRpc('a')).rejects.toMatchObject({ code: 'rate-limited' });
    await expect(publicRpc('a2')).rejects.toMatchObject({ code: 'campaign-rate-limited', status: 429 });
    await expect(publicRpc('b')).rejects.toMatchObject({ code: 'unknown', status: 409 });
    const offline = await publicRpc('c').catch((error: unknown) => error);
    expect(offline).toBeInstanceOf(PublicCallError);
    expect(offline).toMatchObject({ code: 'network', status: null });
  });

  it('reads a call already under way instead of sending it again, its errors as its own', async () => {
    let sent = 0;
    server.use(
      http.post(`${SUPABASE}/rest/v1/rpc/public_checkout`, () => {
        sent += 1;
        return HttpResponse.json({ name: 'afresh' });
      }),
    );
    const started = Promise.resolve(Response.json({ name: 'Rørsjekk' }));
    await expect(publicRpc('public_checkout', {}, { started })).resolves.toEqual({ name: 'Rørsjekk' });
    const refused = Promise.resolve(Response.json({ message: 'checkout-not-found' }, { status: 404 }));
    await expect(publicRpc('public_checkout', {}, { started: refused })).rejects.toMatchObject({
      code: 'checkout-not-found',
      status: 404,
    });
    await expect(
      publicRpc('public_checkout', {}, { started: Promise.reject(new TypeError('x')) }),
    ).rejects.toMatchObject({ code: 'network' });
    expect(sent).toBe(0);
  });
});
