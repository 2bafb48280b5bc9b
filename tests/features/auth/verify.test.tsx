import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import VerifyPage from '@/features/auth/routes/verify';
import {
  AUTH,
  authError,
  buildUser,
  http,
  HttpResponse,
  landedAt,
  renderPage,
  RETURN_TO_KEY,
  server,
  storeSession,
  tokenBody,
  setupAuthTests,
} from './auth-test-kit';

setupAuthTests();

const unconfirmed = buildUser({ email: 'ny@example.no', email_confirmed_at: undefined });

describe('/verify', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the address and resends with a 60 s cool-down counted down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession({ user: unconfirmed });
    let resend: unknown;
    server.use(
      http.post(`${AUTH}/resend`, async ({ request }) => {
        resend = await request.json();
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage(VerifyPage, '/verify', '/verify');
    expect(await screen.findByRole('heading', { name: 'Bekreft e-postadressen din' })).toBeInTheDocument();
    expect(screen.getByText(/sendt en e-post til ny@example.no/u)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Send e-posten på nytt' });
    await user.click(button);
    expect(await screen.findByText('Vi har sendt e-posten på nytt.')).toBeInTheDocument();
    expect(resend).toMatchObject({ type: 'signup', email: 'ny@example.no' });
    expect(button).toBeDisabled();
    expect(screen.getByText('Du kan sende på nytt om 60 sekunder')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByText('Du kan sende på nytt om 1 sekund')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(button).toBeEnabled();
    expect(screen.queryByText(/Du kan sende på nytt/u)).not.toBeInTheDocument();
  });

  it('shows GoTrue’s rate limit in Norwegian and waits too', async () => {
    storeSession({ user: unconfirmed });
    server.use(http.post(`${AUTH}/resend`, () => authError(429, 'over_email_send_rate_limit')));
    const user = userEvent.setup();
    renderPage(VerifyPage, '/verify', '/verify');
    await user.click(await screen.findByRole('button', { name: 'Send e-posten på nytt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi har sendt mange e-poster til denne adressen.',
    );
    expect(screen.getByRole('button', { name: 'Send e-posten på nytt' })).toBeDisabled();
  });

  it('«Jeg har bekreftet» refreshes the session and continues once confirmed', async () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/leads');
    storeSession({ user: unconfirmed });
    let confirmed = false;
    server.use(
      http.post(`${AUTH}/token`, () =>
        HttpResponse.json(
          tokenBody({ user: confirmed ? buildUser({ email: 'ny@example.no' }) : unconfirmed }),
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage(VerifyPage, '/verify', '/verify');
    await user.click(await screen.findByRole('button', { name: 'Jeg har bekreftet' }));
    expect(await screen.findByText(/ikke bekreftet ennå/u)).toBeInTheDocument();
    confirmed = true;
    await user.click(screen.getByRole('button', { name: 'Jeg har bekreftet' }));
    expect(await landedAt()).toBe('/leads');
  });

  it('signs out from «Logg ut» and from «Bruk en annen e-postadresse»', async () => {
    storeSession({ user: unconfirmed });
    let logouts = 0;
    server.use(
      http.post(`${AUTH}/logout`, () => {
        logouts += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderPage(VerifyPage, '/verify', '/verify');
    await user.click(await screen.findByRole('button', { name: 'Bruk en annen e-postadresse' }));
    expect(await landedAt()).toBe('/auth');
    expect(logouts).toBe(1);
    expect(localStorage.getItem('sb-127-auth-token')).toBeNull();
  });
});
