import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SignInPage from '@/features/auth/routes/sign-in';
import {
  API,
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
  verifiedFactor,
} from './auth-test-kit';

setupAuthTests();

const MISSING = 'Du må oppgi enten e-post eller telefonnummer, og et passord.';

function open() {
  const user = userEvent.setup();
  renderPage(SignInPage, '/auth', '/auth');
  return user;
}

describe('sign-in with password', () => {
  it('asks for e-mail or phone when neither is given (the spec’s message)', async () => {
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MISSING);
  });

  it('asks for the password, and keeps what the user typed', async () => {
    const user = open();
    await user.type(await screen.findByLabelText('E-post'), 'kari@example.no');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(screen.getByLabelText('Passord')).toHaveAccessibleDescription('Skriv inn passordet ditt.');
    expect(screen.getByLabelText('E-post')).toHaveValue('kari@example.no');
  });

  it('rejects a malformed e-mail and a malformed phone number', async () => {
    const user = open();
    await user.type(await screen.findByLabelText('E-post'), 'kari@');
    await user.type(screen.getByLabelText('Passord'), 'x');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(screen.getByLabelText('E-post')).toHaveAccessibleDescription(/gyldig e-postadresse/u);
    await user.clear(screen.getByLabelText('E-post'));
    await user.type(screen.getByLabelText('Telefonnummer'), '1234');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(screen.getByLabelText('Telefonnummer')).toHaveAccessibleDescription(/8 siffer/u);
  });

  it.each([
    ['invalid_credentials', 'Feil e-post, telefonnummer eller passord.'],
    ['email_not_confirmed', 'E-postadressen er ikke bekreftet ennå. Sjekk innboksen din.'],
    ['over_request_rate_limit', 'For mange forsøk. Vent litt og prøv igjen.'],
  ])('shows GoTrue’s %s in Norwegian', async (code, message) => {
    server.use(http.post(`${AUTH}/token`, () => authError(400, code)));
    const user = open();
    await user.type(await screen.findByLabelText('E-post'), 'kari@example.no');
    await user.type(screen.getByLabelText('Passord'), 'Feil-passord-1!');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('offers the confirmation e-mail again when the address is not confirmed', async () => {
    let resend: unknown;
    server.use(
      http.post(`${AUTH}/token`, () => authError(400, 'email_not_confirmed')),
      http.post(`${AUTH}/resend`, async ({ request }) => {
        resend = await request.json();
        return HttpResponse.json({});
      }),
    );
    const user = open();
    await user.type(await screen.findByLabelText('E-post'), 'ny@example.no');
    await user.type(screen.getByLabelText('Passord'), 'Riktig-passord-1!');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    await user.click(await screen.findByRole('button', { name: 'Send e-posten på nytt' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Vi har sendt e-posten på nytt.');
    expect(resend).toMatchObject({ type: 'signup', email: 'ny@example.no' });
  });

  it('signs in with a Norwegian phone number as E.164 and goes to the saved target', async () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/leads');
    let body: unknown;
    server.use(
      http.post(`${AUTH}/token`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(tokenBody());
      }),
    );
    const user = open();
    await user.type(await screen.findByLabelText('Telefonnummer'), '912 34 567');
    await user.type(screen.getByLabelText('Passord'), 'Riktig-passord-1!');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await landedAt()).toBe('/leads');
    expect(body).toMatchObject({ phone: '+4791234567', password: 'Riktig-passord-1!' });
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('never follows a foreign saved target', async () => {
    sessionStorage.setItem(RETURN_TO_KEY, '//evil.example/x');
    server.use(http.post(`${AUTH}/token`, () => HttpResponse.json(tokenBody())));
    const user = open();
    await user.type(await screen.findByLabelText('E-post'), 'kari@example.no');
    await user.type(screen.getByLabelText('Passord'), 'Riktig-passord-1!');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await landedAt()).toBe('/');
  });
});

describe('the TOTP step', () => {
  const withFactor = buildUser({ factors: [verifiedFactor] });

  it('asks for the app code when the account has a factor, then continues to the target', async () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/calendar/list');
    let verified: unknown;
    server.use(
      http.post(`${AUTH}/token`, () => HttpResponse.json(tokenBody({ user: withFactor }))),
      http.get(`${AUTH}/user`, () => HttpResponse.json(withFactor)),
      http.post(`${AUTH}/factors/factor-1/challenge`, () =>
        HttpResponse.json({ id: 'challenge-1', type: 'totp', expires_at: Date.now() / 1000 + 300 }),
      ),
      http.post(`${AUTH}/factors/factor-1/verify`, async ({ request }) => {
        verified = await request.json();
        return HttpResponse.json(tokenBody({ aal: 'aal2', user: withFactor }));
      }),
    );
    const user = open();
    await user.type(await screen.findByLabelText('E-post'), 'kari@example.no');
    await user.type(screen.getByLabelText('Passord'), 'Riktig-passord-1!');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    const code = await screen.findByLabelText('Kode fra autentiseringsappen');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    expect(code).toHaveAccessibleDescription('Koden har 6 siffer.');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    expect(await landedAt()).toBe('/calendar/list');
    expect(verified).toMatchObject({ challenge_id: 'challenge-1', code: '123456' });
  });

  it('shows a wrong code in Norwegian', async () => {
    server.use(
      http.get(`${AUTH}/user`, () => HttpResponse.json(withFactor)),
      http.post(`${AUTH}/factors/factor-1/challenge`, () =>
        HttpResponse.json({ id: 'challenge-1', type: 'totp', expires_at: Date.now() / 1000 + 300 }),
      ),
      http.post(`${AUTH}/factors/factor-1/verify`, () => authError(422, 'mfa_verification_failed')),
    );
    // Arriving with a session at aal1 (the guard sent it here): the code step at once.
    storeSession({ aal: 'aal1', user: withFactor });
    const user = open();
    await user.type(await screen.findByLabelText('Kode fra autentiseringsappen'), '000000');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Koden fra autentiseringsappen er feil eller utløpt.',
    );
  });

  it('sends a complete session on to the saved target', async () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/leads');
    storeSession({ aal: 'aal1' });
    open();
    expect(await landedAt()).toBe('/leads');
  });
});

describe('magic link', () => {
  it.each([
    [400, 'invalid-email', 'Skriv inn en gyldig e-postadresse.'],
    [400, 'invalid-redirect', 'Lenken peker til en side vi ikke kan sende deg til.'],
    [429, 'rate-limited', 'Du har bedt om mange lenker på kort tid.'],
    [500, 'unknown', 'Ukjent feil, noe gikk galt.'],
  ])('shows %i %s from request-magic-link in Norwegian', async (status, code, message) => {
    server.use(
      http.post(`${API}/functions/v1/request-magic-link`, () =>
        HttpResponse.json({ error: { code } }, { status }),
      ),
    );
    const user = open();
    await user.type(await screen.findByLabelText('E-post'), 'kari@example.no');
    await user.click(screen.getByRole('button', { name: 'Send innloggingslenke' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('an address GoTrue’s rule refuses is refused by the form, before the round trip', async () => {
    // The form checks with src/lib/validation/email.ts, the same rule as the function and the
    // database (a label may not end with a hyphen), so the server is not asked.
    let sent: unknown;
    server.use(
      http.post(`${API}/functions/v1/request-magic-link`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ error: { code: 'invalid-email' } }, { status: 400 });
      }),
    );
    const user = open();
    await user.type(await screen.findByLabelText('E-post'), 'kari@fjord-.no');
    await user.click(screen.getByRole('button', { name: 'Send innloggingslenke' }));
    expect(screen.getByLabelText('E-post')).toHaveAccessibleDescription(/gyldig e-postadresse/u);
    expect(sent).toBeUndefined();
  });

  it('an address the server refuses gets the server’s message', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/functions/v1/request-magic-link`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ error: { code: 'invalid-email' } }, { status: 400 });
      }),
    );
    const user = open();
    await user.type(await screen.findByLabelText('E-post'), 'kari@fjord.no');
    await user.click(screen.getByRole('button', { name: 'Send innloggingslenke' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Skriv inn en gyldig e-postadresse.');
    expect(sent).toMatchObject({ email: 'kari@fjord.no' });
  });

  it('requests a link back to this origin and the saved target', async () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/leads?x=1');
    let body: unknown;
    server.use(
      http.post(`${API}/functions/v1/request-magic-link`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ sent: true });
      }),
    );
    const user = open();
    await user.type(await screen.findByLabelText('E-post'), 'kari@example.no');
    await user.click(screen.getByRole('button', { name: 'Send innloggingslenke' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Vi har sendt en innloggingslenke til kari@example.no.',
    );
    expect(body).toEqual({ email: 'kari@example.no', redirectTo: `${location.origin}/leads?x=1` });
  });

  it('needs an e-mail address first', async () => {
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Send innloggingslenke' }));
    expect(screen.getByLabelText('E-post')).toHaveAccessibleDescription(
      'Skriv inn e-postadressen din først.',
    );
  });
});

describe('codes by e-mail and SMS', () => {
  it('sends an e-mail code, then shows an expired code in Norwegian', async () => {
    let otp: unknown;
    server.use(
      http.post(`${AUTH}/otp`, async ({ request }) => {
        otp = await request.json();
        return HttpResponse.json({});
      }),
      http.post(`${AUTH}/verify`, () => authError(403, 'otp_expired')),
    );
    const user = open();
    await user.type(await screen.findByLabelText('E-post'), 'kari@example.no');
    await user.click(screen.getByRole('button', { name: 'Send kode på e-post' }));
    const code = await screen.findByLabelText('Kode');
    expect(otp).toMatchObject({ email: 'kari@example.no' });
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Bekreft kode' }));
    expect(code).toHaveAccessibleDescription('Koden har 6 siffer.');
    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Bekreft kode' }));
    // GoTrue says otp_expired for a wrong code too: a typed code is called wrong or expired.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Koden er feil eller utløpt. Sjekk at du skrev den riktig, eller be om en ny kode.',
    );
  });

  it('signs in with an SMS code sent to +47…', async () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/leads');
    const bodies: unknown[] = [];
    server.use(
      http.post(`${AUTH}/otp`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({});
      }),
      http.post(`${AUTH}/verify`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(tokenBody());
      }),
    );
    const user = open();
    await user.type(await screen.findByLabelText('Telefonnummer'), '+47 912 34 567');
    await user.click(screen.getByRole('button', { name: 'Send kode på SMS' }));
    expect(await screen.findByText(/på SMS til \+4791234567/u)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Kode'), '654321');
    await user.click(screen.getByRole('button', { name: 'Bekreft kode' }));
    expect(await landedAt()).toBe('/leads');
    expect(bodies).toEqual([
      expect.objectContaining({ phone: '+4791234567' }),
      expect.objectContaining({ phone: '+4791234567', token: '654321', type: 'sms' }),
    ]);
  });

  it('shows the SMS rate limit in Norwegian', async () => {
    server.use(http.post(`${AUTH}/otp`, () => authError(429, 'over_sms_send_rate_limit')));
    const user = open();
    await user.type(await screen.findByLabelText('Telefonnummer'), '91234567');
    await user.click(screen.getByRole('button', { name: 'Send kode på SMS' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi har sendt mange SMS-er til dette nummeret.',
    );
  });

  it('needs a phone number for SMS', async () => {
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Send kode på SMS' }));
    expect(screen.getByLabelText('Telefonnummer')).toHaveAccessibleDescription(
      /Skriv inn telefonnummeret ditt først./u,
    );
  });
});

describe('sign-up', () => {
  async function openSignUp() {
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Opprett konto' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Opprett konto' })).toBeInTheDocument();
    return user;
  }

  it('shows the password rules and checks name, terms and e-mail or phone', async () => {
    const user = await openSignUp();
    expect(screen.getByLabelText('Passord')).toHaveAccessibleDescription(/Minst 8 tegn/u);
    await user.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MISSING);
    expect(screen.getByLabelText('Fullt navn')).toHaveAccessibleDescription(/hele navnet/u);
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(/godta vilkårene/u);
  });

  it('names a weak password next to a bad e-mail, before asking GoTrue, and focuses the first field', async () => {
    let signUps = 0;
    server.use(
      http.post(`${AUTH}/signup`, () => {
        signUps += 1;
        return HttpResponse.json({});
      }),
    );
    const user = await openSignUp();
    await user.type(screen.getByLabelText('E-post'), 'kari@');
    await user.type(screen.getByLabelText('Passord'), 'kort');
    await user.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(screen.getByLabelText('Fullt navn')).toHaveAccessibleDescription(/hele navnet/u);
    expect(screen.getByLabelText('E-post')).toHaveAccessibleDescription(/gyldig e-postadresse/u);
    const password = screen.getByLabelText('Passord');
    expect(password).toHaveAccessibleDescription(/Passordet er for svakt\. Passordet må ha minst 8 tegn\./u);
    expect(password).toHaveAccessibleDescription(/små og store bokstaver, tall og spesialtegn/u);
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(/godta vilkårene/u);
    expect(screen.getByLabelText('Fullt navn')).toHaveFocus();
    expect(signUps).toBe(0);
  });

  it('links the terms from the checkbox, in a new tab', async () => {
    await openSignUp();
    const link = screen.getByRole('link', { name: 'vilkårene' });
    expect(link).toHaveAttribute('href', '/vilkar');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('checkbox')).toHaveAccessibleName(
      'Jeg godtar vilkårene for bruk av Leadtorget (vilkårene åpnes i en ny fane)',
    );
  });

  it('shows a pwned password and an existing user in Norwegian', async () => {
    let calls = 0;
    server.use(
      http.post(`${AUTH}/signup`, () => {
        calls += 1;
        return calls === 1
          ? authError(422, 'weak_password', { weak_password: { reasons: ['pwned'] } })
          : authError(422, 'user_already_exists');
      }),
    );
    const user = await openSignUp();
    await user.type(screen.getByLabelText('Fullt navn'), 'Kari Nordmann');
    await user.type(screen.getByLabelText('E-post'), 'kari@example.no');
    await user.type(screen.getByLabelText('Passord'), 'Passord123!');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('kjente datalekkasjer');
    await user.click(screen.getByRole('button', { name: 'Opprett konto' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Det finnes allerede en bruker'));
  });

  it('sends the full name as metadata and says «Sjekk e-posten din» when confirmation is needed', async () => {
    let body: unknown;
    server.use(
      http.post(`${AUTH}/signup`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(buildUser({ email_confirmed_at: undefined }));
      }),
    );
    const user = await openSignUp();
    await user.type(screen.getByLabelText('Fullt navn'), ' Kari Nordmann ');
    await user.type(screen.getByLabelText('E-post'), 'kari@example.no');
    await user.type(screen.getByLabelText('Passord'), 'Sterkt-passord-1!');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(await screen.findByRole('heading', { name: 'Sjekk e-posten din' })).toBeInTheDocument();
    expect(body).toMatchObject({
      email: 'kari@example.no',
      password: 'Sterkt-passord-1!',
      data: { full_name: 'Kari Nordmann' },
    });
  });

  it('asks for the SMS code after a phone sign-up', async () => {
    server.use(
      http.post(`${AUTH}/signup`, () => HttpResponse.json(buildUser({ email: '', phone: '4791234567' }))),
    );
    const user = await openSignUp();
    await user.type(screen.getByLabelText('Fullt navn'), 'Kari Nordmann');
    await user.type(screen.getByLabelText('Telefonnummer'), '91234567');
    await user.type(screen.getByLabelText('Passord'), 'Sterkt-passord-1!');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(await screen.findByLabelText('Kode')).toBeInTheDocument();
    expect(screen.getByText(/på SMS til \+4791234567/u)).toBeInTheDocument();
  });
});
