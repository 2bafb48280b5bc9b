import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProfileRegisterPage from '@/features/auth/routes/profile-register';
import {
  API,
  http,
  HttpResponse,
  landedAt,
  renderPage,
  RETURN_TO_KEY,
  server,
  storeSession,
  setupAuthTests,
} from './auth-test-kit';

setupAuthTests();

function open() {
  storeSession();
  const user = userEvent.setup({ applyAccept: false });
  const rendered = renderPage(ProfileRegisterPage, '/profile/register', '/profile/register');
  return { user, ...rendered };
}

describe('/profile/register', () => {
  it('needs a name of 2 to 80 characters', async () => {
    const { user } = open();
    const name = await screen.findByLabelText('Navn');
    await user.type(name, ' K ');
    await user.click(screen.getByRole('button', { name: 'Lagre profil' }));
    expect(name).toHaveAccessibleDescription('Navnet må ha mellom 2 og 80 tegn.');
    expect(name).toHaveValue(' K ');
    expect(name).toHaveFocus();
  });

  it('refuses a picture of the wrong type or size before uploading', async () => {
    const { user } = open();
    const picture = await screen.findByLabelText('Profilbilde (valgfritt)');
    await user.upload(picture, new File(['x'], 'a.gif', { type: 'image/gif' }));
    expect(picture).toHaveAccessibleDescription(/må være PNG, JPEG eller WebP/u);
    await user.upload(
      picture,
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }),
    );
    expect(picture).toHaveAccessibleDescription(/større enn 2 MB/u);
  });

  it('creates the profile and continues to the saved target', async () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/onboarding/organization/create');
    let inserted: unknown;
    let prefer: string | null = null;
    server.use(
      http.post(`${API}/rest/v1/profiles`, async ({ request }) => {
        inserted = await request.json();
        prefer = request.headers.get('prefer');
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const { user, queryClient } = open();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.type(await screen.findByLabelText('Navn'), '  Kari Nordmann ');
    await user.click(screen.getByRole('button', { name: 'Lagre profil' }));
    expect(await landedAt()).toBe('/onboarding/organization/create');
    expect(inserted).toEqual({ id: 'user-1', name: 'Kari Nordmann', img: null });
    // A profile made a moment ago by the guard is kept, without a 409 in the console.
    expect(prefer).toContain('resolution=ignore-duplicates');
    // Refetched even where no screen shows it: the guard reads the profile with ensureQueryData.
    expect(invalidate).toHaveBeenCalledWith({
      queryKey: ['account', 'profile', 'user-1'],
      refetchType: 'all',
    });
  });

  it('shows a failed save in Norwegian and keeps the name', async () => {
    server.use(
      http.post(`${API}/rest/v1/profiles`, () =>
        HttpResponse.json({ code: '42501', message: 'denied' }, { status: 403 }),
      ),
    );
    const { user } = open();
    await user.type(await screen.findByLabelText('Navn'), 'Kari Nordmann');
    await user.click(screen.getByRole('button', { name: 'Lagre profil' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Du har ikke tilgang til dette.');
    expect(screen.getByLabelText('Navn')).toHaveValue('Kari Nordmann');
  });
});
