import { screen } from '@testing-library/react';
import SignInTemporaryPage from '@/features/auth/routes/sign-in-temporary';
import {
  API,
  AUTH,
  authError,
  http,
  HttpResponse,
  landedAt,
  renderPage,
  RETURN_TO_KEY,
  server,
  tokenBody,
  setupAuthTests,
} from './auth-test-kit';

setupAuthTests();

const open = (url: string) => renderPage(SignInTemporaryPage, url, '/auth/:temporaryId');

function platform(claimed: string | Record<string, string>, status = 200) {
  const calls: unknown[] = [];
  server.use(
    http.post(`${AUTH}/verify`, async ({ request }) => {
      calls.push(await request.json());
      return HttpResponse.json(tokenBody());
    }),
    http.post(`${API}/rest/v1/rpc/claim_sign_in_request`, async ({ request }) => {
      calls.push(await request.json());
      return HttpResponse.json(claimed, { status });
    }),
  );
  return calls;
}

describe('/auth/{temporaryId}', () => {
  it('verifies the link, claims the request and goes to its target', async () => {
    const calls = platform(`${location.origin}/leads?lead=7`);
    open('/auth/req-1?token_hash=hash-1');
    expect(await landedAt()).toBe('/leads?lead=7');
    expect(calls).toEqual([
      expect.objectContaining({ token_hash: 'hash-1', type: 'magiclink' }),
      { input_id: 'req-1' },
    ]);
  });

  it('never follows a foreign target', async () => {
    platform('https://evil.example/leads');
    open('/auth/req-1?token_hash=hash-1');
    expect(await landedAt()).toBe('/');
  });

  it('keeps the user signed in and uses the local target when the claim fails', async () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/calendar/list');
    platform({ code: 'P0001', message: 'sign-in-request-expired' }, 400);
    open('/auth/req-1?token_hash=hash-1');
    expect(await landedAt()).toBe('/calendar/list');
  });

  it('keeps the user signed in and uses the local target when the request is unknown (404)', async () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/calendar/list');
    platform({ code: 'PT404', message: 'sign-in-request-not-found' }, 404);
    open('/auth/req-1?token_hash=hash-1');
    expect(await landedAt()).toBe('/calendar/list');
  });

  it('explains a link without its token', async () => {
    open('/auth/req-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Lenken er ufullstendig.');
    expect(screen.getByRole('link', { name: 'Be om en ny lenke' })).toHaveAttribute('href', '/auth');
  });

  it('explains a used link in Norwegian', async () => {
    server.use(http.post(`${AUTH}/verify`, () => authError(403, 'otp_expired')));
    open('/auth/req-1?token_hash=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('utløpt eller allerede brukt');
  });
});
