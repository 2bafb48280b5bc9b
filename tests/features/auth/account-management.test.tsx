import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AccountManagementPage from '@/features/auth/routes/account-management';
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
  storeSession,
  tokenBody,
  setupAuthTests,
} from './auth-test-kit';

setupAuthTests();

const open = (query: string) => {
  const user = userEvent.setup();
  const rendered = renderPage(AccountManagementPage, `/auth/management${query}`, '/auth/management');
  return { user, ...rendered };
};

function recordVerify() {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${AUTH}/verify`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(tokenBody());
    }),
  );
  return bodies;
}

describe('/auth/management', () => {
  it('explains a link without its code', async () => {
    open('?mode=verifyEmail');
    expect(await screen.findByRole('alert')).toHaveTextContent('Lenken mangler koden sin.');
  });

  it('explains an unknown mode', async () => {
    open('?mode=somethingElse&oobCode=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Vi forstår ikke denne lenken.');
  });

  it('shows a used or expired code in Norwegian', async () => {
    server.use(http.post(`${AUTH}/verify`, () => authError(403, 'otp_expired')));
    open('?mode=verifyEmail&oobCode=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Koden eller lenken er utløpt eller allerede brukt. Be om en ny.',
    );
  });

  it.each([
    ['verifyEmail', 'email'],
    ['signIn', 'magiclink'],
  ])('%s verifies the token hash as %s and follows a same-origin redirect_to', async (mode, type) => {
    const bodies = recordVerify();
    const redirect = encodeURIComponent(`${location.origin}/leads?tab=1`);
    open(`?mode=${mode}&oobCode=hash-1&redirect_to=${redirect}`);
    expect(await landedAt()).toBe('/leads?tab=1');
    expect(bodies).toEqual([expect.objectContaining({ token_hash: 'hash-1', type })]);
  });

  it('ignores a foreign redirect_to', async () => {
    recordVerify();
    open(`?mode=verifyEmail&oobCode=hash-1&redirect_to=${encodeURIComponent('https://evil.example/leads')}`);
    expect(await landedAt()).toBe('/');
  });

  it('resets the password: recovery code, «Nytt passord», then on to the target', async () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/calendar/list');
    const bodies = recordVerify();
    let update: unknown;
    server.use(
      http.put(`${AUTH}/user`, async ({ request }) => {
        update = await request.json();
        return HttpResponse.json(tokenBody().user);
      }),
    );
    const { user } = open('?mode=resetPassword&oobCode=recover-1');
    const field = await screen.findByLabelText('Nytt passord');
    expect(bodies).toEqual([expect.objectContaining({ token_hash: 'recover-1', type: 'recovery' })]);
    await user.click(screen.getByRole('button', { name: 'Lagre nytt passord' }));
    expect(field).toHaveAccessibleDescription(/Skriv inn passordet ditt./u);
    await user.type(field, 'Nytt-passord-1!');
    await user.click(screen.getByRole('button', { name: 'Lagre nytt passord' }));
    expect(await landedAt()).toBe('/calendar/list');
    expect(update).toMatchObject({ password: 'Nytt-passord-1!' });
  });

  it('shows weak and same passwords in Norwegian', async () => {
    recordVerify();
    let calls = 0;
    server.use(
      http.put(`${AUTH}/user`, () => {
        calls += 1;
        return authError(422, 'same_password');
      }),
    );
    const { user } = open('?mode=resetPassword&oobCode=recover-1');
    const field = await screen.findByLabelText('Nytt passord');
    await user.type(field, 'enkelt');
    await user.click(screen.getByRole('button', { name: 'Lagre nytt passord' }));
    // GoTrue's rules are checked here first: no round trip for a password it would refuse.
    expect(field).toHaveAccessibleDescription(/for svakt.*store bokstaver/u);
    expect(field).toHaveFocus();
    expect(calls).toBe(0);
    await user.clear(field);
    await user.type(field, 'Gammelt-passord-1!');
    await user.click(screen.getByRole('button', { name: 'Lagre nytt passord' }));
    expect(
      await screen.findByText('Det nye passordet må være forskjellig fra det gamle.'),
    ).toBeInTheDocument();
  });

  it('opens the new-password form directly after the PASSWORD_RECOVERY event', async () => {
    storeSession();
    open('?mode=resetPassword');
    expect(await screen.findByLabelText('Nytt passord')).toBeInTheDocument();
  });

  it('accepts an invite by setting a password', async () => {
    const bodies = recordVerify();
    open('?mode=acceptInvite&oobCode=invite-1');
    expect(await screen.findByRole('heading', { name: 'Velkommen til Leadtorget' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nytt passord')).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ type: 'invite' })]);
  });

  it('confirms an e-mail change and says when the other address must confirm too', async () => {
    server.use(http.post(`${AUTH}/verify`, () => HttpResponse.json({ msg: 'Confirmation link accepted' })));
    open('?mode=verifyAndChangeEmail&oobCode=change-1');
    expect(await screen.findByText(/Trykk også på lenken/u)).toHaveAttribute('role', 'status');
  });

  it('sends a stranger with an organization invitation to sign in, and back afterwards', async () => {
    const { router } = open('?mode=acceptOrganizationInvite&oobCode=tok-1');
    expect(await landedAt()).toBe('/auth');
    expect(router.state.location.pathname).toBe('/auth');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe(
      '/auth/management?mode=acceptOrganizationInvite&oobCode=tok-1',
    );
  });

  it('accepts an organization invitation, remembers the organization and goes home', async () => {
    storeSession();
    let rpc: unknown;
    let config: unknown;
    server.use(
      http.post(`${API}/rest/v1/rpc/accept_organization_invitation`, async ({ request }) => {
        rpc = await request.json();
        return HttpResponse.json('org-9');
      }),
      http.post(`${API}/rest/v1/users_configs`, async ({ request }) => {
        config = await request.json();
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const { queryClient } = open('?mode=acceptOrganizationInvite&oobCode=tok-1');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(await landedAt()).toBe('/');
    expect(rpc).toEqual({ input_token: 'tok-1' });
    expect(config).toEqual({ id: 'user-1', last_organization_selected_id: 'org-9' });
    // Refetched even where no screen shows it: the guard reads memberships with ensureQueryData.
    expect(invalidate).toHaveBeenCalledWith({
      queryKey: ['account', 'organizations', 'user-1'],
      refetchType: 'all',
    });
  });

  it('says an unknown invitation (PT404, HTTP 404) was not found, in Norwegian', async () => {
    storeSession();
    server.use(
      http.post(`${API}/rest/v1/rpc/accept_organization_invitation`, () =>
        HttpResponse.json(
          { code: 'PT404', message: 'invitation-not-found', details: null, hint: null },
          { status: 404 },
        ),
      ),
    );
    open('?mode=acceptOrganizationInvite&oobCode=tok-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi fant ikke invitasjonen. Den kan være trukket tilbake, eller lenken er feil.',
    );
  });

  it('shows a refused organization invitation', async () => {
    storeSession();
    server.use(
      http.post(`${API}/rest/v1/rpc/accept_organization_invitation`, () =>
        HttpResponse.json({ code: '42501', message: 'forbidden' }, { status: 403 }),
      ),
    );
    open('?mode=acceptOrganizationInvite&oobCode=tok-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Du har ikke tilgang til dette.');
  });
});
