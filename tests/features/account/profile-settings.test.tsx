import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { clearNotifications, getNotifications } from '@/components/notification-store';
import ProfileSettingsPage from '@/features/account/routes/profile-settings';
import {
  gotrueError,
  kariProfile,
  profileSettingsHandlers,
  type ProfileSettingsState,
  userWithFactors,
} from '../../msw/handlers/account';
import { record } from '../../msw/rest';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { buildSession, signIn, SUPABASE, USER_ID } from '../../support/session';

const state: ProfileSettingsState = { factors: [], profile: kariProfile(), requests: [] };
const { requests } = state;
const server = setupMswServer(...profileSettingsHandlers(state));

beforeAll(() => prepareI18n('account', 'organizations'));
beforeEach(() => {
  state.factors = [];
  state.profile = kariProfile();
  requests.length = 0;
  clearNotifications();
  signIn();
});

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('/profile «Profil»', () => {
  it('refuses an empty name with a message on the field and keeps the page', async () => {
    renderApp(ProfileSettingsPage, { path: '/profile' });
    const profileSection = await waitFor(() => section('Profil'));
    const name = await within(profileSection).findByLabelText('Navn');
    expect(name).toHaveValue('Kari Nordmann');
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await userEvent.click(within(profileSection).getByRole('button', { name: 'Lagre profil' }));
    expect(name).toHaveAccessibleDescription(/Skriv inn navnet ditt\./);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('saves a new name to the profile', async () => {
    renderApp(ProfileSettingsPage, { path: '/profile' });
    const name = await screen.findByLabelText('Navn');
    await userEvent.clear(name);
    await userEvent.type(name, '  Kari Hansen ');
    await userEvent.click(screen.getByRole('button', { name: 'Lagre profil' }));
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain('Profilen er lagret.'),
    );
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ name: 'Kari Hansen', img: null });
    expect(patch?.url.searchParams.get('id')).toBe(`eq.${USER_ID}`);
  });

  it('rejects a picture of the wrong type and one over 2 MB, in Norwegian', async () => {
    renderApp(ProfileSettingsPage, { path: '/profile' });
    const picture = await screen.findByLabelText('Profilbilde');
    const gif = new File(['gif'], 'bilde.gif', { type: 'image/gif' });
    await userEvent.upload(picture, gif, { applyAccept: false });
    expect(picture).toHaveAccessibleDescription(/Bildet må være PNG, JPEG eller WebP\./);

    const huge = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'stort.png', { type: 'image/png' });
    await userEvent.upload(picture, huge);
    expect(picture).toHaveAccessibleDescription(/Bildet er for stort\. Velg et bilde på høyst 2 MB\./);
    expect(screen.queryByAltText('Forhåndsvisning av nytt profilbilde')).not.toBeInTheDocument();
  });

  it('previews a good picture and uploads it into the user folder of the avatars bucket', async () => {
    // Spies, so restoreMocks puts the real ones back for the files after this one in the same jsdom.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderApp(ProfileSettingsPage, { path: '/profile' });
    const picture = await screen.findByLabelText('Profilbilde');
    await userEvent.upload(picture, new File(['png'], 'meg.png', { type: 'image/png' }));
    expect(screen.getByAltText('Forhåndsvisning av nytt profilbilde')).toHaveAttribute('src', 'blob:preview');
    await userEvent.click(screen.getByRole('button', { name: 'Lagre profil' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    const upload = requests.find((request) => request.url.pathname.includes('/storage/v1/object/avatars/'));
    expect(upload?.url.pathname).toMatch(new RegExp(`/avatars/${USER_ID}/[0-9a-f-]{36}\\.png$`));
    const patch = requests.find((request) => request.method === 'PATCH');
    expect((patch?.body as { img: string }).img).toMatch(
      new RegExp(`^${SUPABASE}/storage/v1/object/public/avatars/${USER_ID}/[0-9a-f-]{36}\\.png$`),
    );
  });
});

describe('/profile «E-post»', () => {
  it('asks for a valid address before sending', async () => {
    renderApp(ProfileSettingsPage, { path: '/profile' });
    const field = await screen.findByLabelText('Ny e-postadresse');
    await userEvent.type(field, 'ikke-en-adresse');
    await userEvent.click(screen.getByRole('button', { name: 'Endre e-post' }));
    expect(field).toHaveAccessibleDescription(/Skriv inn en gyldig e-postadresse\./);
    expect(field).toHaveValue('ikke-en-adresse');
  });

  it('tells the user to check both inboxes after a change', async () => {
    server.use(
      http.put(`${SUPABASE}/auth/v1/user`, async ({ request }) => {
        await record(requests, request);
        return HttpResponse.json({ ...userWithFactors(state), new_email: 'ny@example.no' });
      }),
    );
    renderApp(ProfileSettingsPage, { path: '/profile' });
    await userEvent.type(await screen.findByLabelText('Ny e-postadresse'), 'ny@example.no');
    await userEvent.click(screen.getByRole('button', { name: 'Endre e-post' }));
    expect(
      await screen.findByText(/Vi har sendt en bekreftelse til både kari@example\.no og ny@example\.no/),
    ).toBeVisible();
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      email: 'ny@example.no',
    });
  });

  it('shows email_exists as an alert and keeps what was typed', async () => {
    server.use(http.put(`${SUPABASE}/auth/v1/user`, () => gotrueError(422, 'email_exists')));
    renderApp(ProfileSettingsPage, { path: '/profile' });
    const field = await screen.findByLabelText('Ny e-postadresse');
    await userEvent.type(field, 'opptatt@example.no');
    await userEvent.click(screen.getByRole('button', { name: 'Endre e-post' }));
    expect(await within(section('E-post')).findByRole('alert')).toHaveTextContent(
      'E-postadressen er allerede i bruk.',
    );
    expect(field).toHaveValue('opptatt@example.no');
  });
});

describe('/profile «Passord»', () => {
  async function typePasswords(password: string, repeat = password) {
    await userEvent.type(await screen.findByLabelText('Nytt passord'), password);
    await userEvent.type(screen.getByLabelText('Gjenta nytt passord'), repeat);
    await userEvent.click(screen.getByRole('button', { name: 'Lagre passord' }));
  }

  it('refuses passwords that differ', async () => {
    renderApp(ProfileSettingsPage, { path: '/profile' });
    await typePasswords('Sterkt-passord-1', 'Sterkt-passord-2');
    expect(screen.getByLabelText('Gjenta nytt passord')).toHaveAccessibleDescription(
      /Passordene er ikke like\./,
    );
  });

  it('shows GoTrue’s weak-password reasons in Norwegian', async () => {
    server.use(
      http.put(`${SUPABASE}/auth/v1/user`, () =>
        gotrueError(422, 'weak_password', { weak_password: { reasons: ['length', 'characters'] } }),
      ),
    );
    renderApp(ProfileSettingsPage, { path: '/profile' });
    await typePasswords('kort');
    const alert = await within(section('Passord')).findByRole('alert');
    expect(alert).toHaveTextContent('Passordet er for svakt.');
    expect(alert).toHaveTextContent('Passordet må ha minst 8 tegn.');
    expect(alert).toHaveTextContent('Passordet må inneholde små og store bokstaver, tall og spesialtegn.');
  });

  it('asks for the e-mailed code when GoTrue needs reauthentication, then sends it as nonce', async () => {
    let reauthenticated = 0;
    server.use(
      http.put(`${SUPABASE}/auth/v1/user`, async ({ request }) => {
        await record(requests, request);
        const body = (await request.json()) as { nonce?: string };
        if (!body.nonce) return gotrueError(400, 'reauthentication_needed');
        if (body.nonce !== '123456') return gotrueError(401, 'reauthentication_not_valid');
        return HttpResponse.json(userWithFactors(state));
      }),
      http.get(`${SUPABASE}/auth/v1/reauthenticate`, () => {
        reauthenticated += 1;
        return HttpResponse.json({});
      }),
    );
    renderApp(ProfileSettingsPage, { path: '/profile' });
    await typePasswords('Sterkt-passord-1!');
    const code = await screen.findByLabelText('Kode');
    expect(screen.getByText(/Vi har sendt en kode til e-posten din/)).toBeVisible();
    await waitFor(() => expect(reauthenticated).toBe(1));
    expect(within(section('Passord')).queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Bekreft og lagre passord' }));
    expect(await within(section('Passord')).findByRole('alert')).toHaveTextContent(
      'Koden er feil eller utløpt.',
    );

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Bekreft og lagre passord' }));
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain('Passordet er endret.'),
    );
    expect(requests.filter((request) => request.method === 'PUT').at(-1)?.body).toMatchObject({
      password: 'Sterkt-passord-1!',
      nonce: '123456',
    });
    expect(screen.queryByLabelText('Kode')).not.toBeInTheDocument();
  });
});

describe('/profile «Tofaktorautentisering»', () => {
  const enrolled = {
    id: 'factor-1',
    type: 'totp',
    friendly_name: '',
    totp: { qr_code: '<svg/>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' },
  };

  function mfaHandlers() {
    server.use(
      http.post(`${SUPABASE}/auth/v1/factors`, async ({ request }) => {
        await record(requests, request);
        state.factors = [
          ...state.factors,
          {
            id: 'factor-1',
            factor_type: 'totp',
            status: 'unverified',
            created_at: '2026-11-20T10:00:00Z',
            updated_at: '2026-11-20T10:00:00Z',
          },
        ];
        return HttpResponse.json(enrolled);
      }),
      http.post(`${SUPABASE}/auth/v1/factors/factor-1/challenge`, () =>
        HttpResponse.json({
          id: 'challenge-1',
          type: 'totp',
          expires_at: Math.floor(Date.now() / 1000) + 300,
        }),
      ),
      http.post(`${SUPABASE}/auth/v1/factors/factor-1/verify`, async ({ request }) => {
        const body = (await request.json()) as { code: string };
        if (body.code !== '654321') return gotrueError(422, 'mfa_verification_failed');
        state.factors = state.factors.map((factor) => ({ ...factor, status: 'verified' as const }));
        return HttpResponse.json({ ...buildSession(), user: userWithFactors(state) });
      }),
      http.delete(`${SUPABASE}/auth/v1/factors/factor-1`, async ({ request }) => {
        await record(requests, request);
        state.factors = [];
        return HttpResponse.json({ id: 'factor-1' });
      }),
    );
  }

  it('enrols: QR code and secret, a wrong code is refused, the right one turns it on', async () => {
    mfaHandlers();
    renderApp(ProfileSettingsPage, { path: '/profile' });
    const mfa = await waitFor(() => section('Tofaktorautentisering'));
    await userEvent.click(await within(mfa).findByRole('button', { name: 'Slå på tofaktorautentisering' }));
    expect(await within(mfa).findByRole('img', { name: 'QR-kode for autentiseringsappen' })).toHaveAttribute(
      'src',
      // GoTrue sends the SVG; auth-js makes it a data URI.
      'data:image/svg+xml;utf-8,<svg/>',
    );
    expect(within(mfa).getByText('JBSWY3DPEHPK3PXP')).toBeVisible();

    const code = within(mfa).getByLabelText('Kode fra autentiseringsappen');
    await userEvent.type(code, '12');
    await userEvent.click(within(mfa).getByRole('button', { name: 'Bekreft' }));
    expect(code).toHaveAccessibleDescription(/Skriv inn de seks sifrene/);

    await userEvent.clear(code);
    await userEvent.type(code, '111111');
    await userEvent.click(within(mfa).getByRole('button', { name: 'Bekreft' }));
    expect(await within(mfa).findByRole('alert')).toHaveTextContent(
      'Koden fra autentiseringsappen er feil eller utløpt.',
    );

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(within(mfa).getByRole('button', { name: 'Bekreft' }));
    expect(await within(mfa).findByRole('button', { name: /Fjern autentiseringsapp/ })).toBeVisible();
    expect(within(mfa).queryByLabelText('Kode fra autentiseringsappen')).not.toBeInTheDocument();
    // Enrolling leaves the saved target alone: MFA_CHALLENGE_VERIFIED only re-runs the guards.
    expect(sessionStorage.getItem('leadtorget.return-to')).toBeNull();
  });

  it('removes a factor after confirming', async () => {
    state.factors = [
      {
        id: 'factor-1',
        factor_type: 'totp',
        status: 'verified',
        created_at: '2026-11-20T10:00:00Z',
        updated_at: '2026-11-20T10:00:00Z',
      },
    ];
    mfaHandlers();
    renderApp(ProfileSettingsPage, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: /Fjern autentiseringsapp/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Fjerne tofaktorautentisering?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fjern' }));
    expect(await screen.findByRole('button', { name: 'Slå på tofaktorautentisering' })).toBeVisible();
    expect(
      requests.some(
        (request) => request.method === 'DELETE' && request.url.pathname.endsWith('/factors/factor-1'),
      ),
    ).toBe(true);
  });

  it('explains that removing needs a sign-in with the code (insufficient_aal)', async () => {
    state.factors = [
      {
        id: 'factor-1',
        factor_type: 'totp',
        status: 'verified',
        created_at: '2026-11-20T10:00:00Z',
        updated_at: '2026-11-20T10:00:00Z',
      },
    ];
    server.use(
      http.delete(`${SUPABASE}/auth/v1/factors/factor-1`, () => gotrueError(403, 'insufficient_aal')),
    );
    renderApp(ProfileSettingsPage, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: /Fjern autentiseringsapp/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fjern' }));
    expect(await within(section('Tofaktorautentisering')).findByRole('alert')).toHaveTextContent(
      'For å fjerne tofaktorautentisering må du ha logget inn med koden fra autentiseringsappen.',
    );
  });
});

describe('/profile «Logg ut»', () => {
  it.each([
    ['Logg ut på denne enheten', 'local'],
    ['Logg ut på andre enheter', 'others'],
    ['Logg ut overalt', 'global'],
  ])('«%s» calls /logout?scope=%s', async (label, scope) => {
    renderApp(ProfileSettingsPage, { path: '/profile' });
    await userEvent.click(
      within(await waitFor(() => section('Logg ut'))).getByRole('button', { name: label }),
    );
    await waitFor(() =>
      expect(requests.some((request) => request.url.pathname === '/auth/v1/logout')).toBe(true),
    );
    const logout = requests.find((request) => request.url.pathname === '/auth/v1/logout');
    expect(logout?.url.searchParams.get('scope')).toBe(scope);
    const stored = localStorage.getItem('sb-127-auth-token');
    if (scope === 'others') expect(stored).not.toBeNull();
    else await waitFor(() => expect(localStorage.getItem('sb-127-auth-token')).toBeNull());
  });
});
