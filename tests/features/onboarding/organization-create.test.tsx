import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import OnboardingOrganizationCreatePage from '@/features/onboarding/routes/organization-create';
import { organizationsQueryOptions } from '@/lib/account/api/get-organizations';
import { saveReturnTo } from '@/lib/return-to';
import { setupMswServer } from '../../msw/server';
import { landedRoute } from '../../support/landed';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn, SUPABASE, USER_ID } from '../../support/session';

const server = setupMswServer();
beforeAll(() => prepareI18n('onboarding'));

type Inserted = Record<string, unknown>;

function backend(insert: (body: Inserted) => Response | Promise<Response>) {
  const calls = { inserted: [] as Inserted[], lastSelected: [] as Inserted[] };
  server.use(
    http.post(`${SUPABASE}/rest/v1/organizations`, async ({ request }) => {
      const body = (await request.json()) as Inserted;
      calls.inserted.push(body);
      return insert(body);
    }),
    http.post(`${SUPABASE}/rest/v1/users_configs`, async ({ request }) => {
      calls.lastSelected.push((await request.json()) as Inserted);
      return new HttpResponse(null, { status: 201 });
    }),
    http.get(`${SUPABASE}/rest/v1/organizations_members`, () =>
      HttpResponse.json(
        calls.inserted.slice(0, 1).map(({ id }) => ({
          organization_id: id,
          role: 'owner',
          organization: { id, name: 'Fjord Rør AS' },
        })),
      ),
    ),
    http.get(`${SUPABASE}/rest/v1/users_configs`, () =>
      HttpResponse.json({ last_organization_selected_id: calls.inserted[0]?.id ?? null }),
    ),
  );
  return calls;
}

const created = () => new HttpResponse(null, { status: 201 });

async function renderCreate() {
  signIn();
  const view = renderApp(OnboardingOrganizationCreatePage, {
    path: '/onboarding/organization/create',
    entry: '/onboarding/organization/create',
    routes: [landedRoute],
  });
  // As the guard left it: the organizations read (none yet), with its query function.
  await view.queryClient.ensureQueryData(organizationsQueryOptions(USER_ID));
  return view;
}

describe('/onboarding/organization/create', () => {
  it('shows the required fields as errors, linked to their fields, and sends nothing', async () => {
    const calls = backend(created);
    await renderCreate();
    await userEvent.click(await screen.findByRole('button', { name: 'Opprett organisasjon' }));

    const name = screen.getByLabelText('Navn på organisasjonen');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Navnet må ha mellom 2 og 120 tegn.');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Organisasjonsnummer')).toHaveAccessibleDescription(
      expect.stringContaining('Organisasjonsnummeret må ha nøyaktig 9 siffer.'),
    );
    expect(screen.getByLabelText('Kontakt-e-post')).not.toHaveAttribute('aria-invalid');
    expect(calls.inserted).toEqual([]);
  });

  it('rejects a wrong check digit and a bad e-mail, keeping what was typed', async () => {
    const calls = backend(created);
    await renderCreate();
    await userEvent.type(await screen.findByLabelText('Navn på organisasjonen'), 'Fjord Rør AS');
    await userEvent.type(screen.getByLabelText('Organisasjonsnummer'), '923 609 017');
    await userEvent.type(screen.getByLabelText('Kontakt-e-post'), 'post@');
    await userEvent.click(screen.getByRole('button', { name: 'Opprett organisasjon' }));

    expect(screen.getByLabelText('Organisasjonsnummer')).toHaveAccessibleDescription(
      expect.stringContaining('Dette er ikke et gyldig organisasjonsnummer.'),
    );
    expect(screen.getByLabelText('Organisasjonsnummer')).toHaveValue('923 609 017');
    expect(screen.getByLabelText('Kontakt-e-post')).toHaveAccessibleDescription(
      expect.stringContaining('Skriv en gyldig e-postadresse'),
    );
    expect(screen.getByLabelText('Navn på organisasjonen')).toHaveValue('Fjord Rør AS');
    expect(calls.inserted).toEqual([]);
  });

  it('rejects an organization number of the wrong length', async () => {
    backend(created);
    await renderCreate();
    await userEvent.type(await screen.findByLabelText('Navn på organisasjonen'), 'Fjord Rør AS');
    await userEvent.type(screen.getByLabelText('Organisasjonsnummer'), '92360901');
    await userEvent.click(screen.getByRole('button', { name: 'Opprett organisasjon' }));
    expect(screen.getByLabelText('Organisasjonsnummer')).toHaveAccessibleDescription(
      expect.stringContaining('nøyaktig 9 siffer'),
    );
  });

  it('creates the organization, stores it as the last selected and returns to the saved target', async () => {
    const calls = backend(created);
    saveReturnTo('/leads?lead=l1');
    const { queryClient } = await renderCreate();
    await userEvent.type(await screen.findByLabelText('Navn på organisasjonen'), '  Fjord Rør AS ');
    await userEvent.type(screen.getByLabelText('Organisasjonsnummer'), '923 609 016');
    await userEvent.type(screen.getByLabelText('Kontakt-e-post'), 'Post@FjordRor.no');
    await userEvent.click(screen.getByRole('button', { name: 'Opprett organisasjon' }));

    expect(await screen.findByTestId('landed')).toHaveTextContent('/leads?lead=l1');
    expect(calls.inserted).toHaveLength(1);
    const [inserted] = calls.inserted;
    expect(inserted).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      owner_id: USER_ID,
      name: 'Fjord Rør AS',
      organization_number: '923609016',
      contact_email: 'post@fjordror.no',
    });
    expect(calls.lastSelected).toEqual([{ id: USER_ID, last_organization_selected_id: inserted?.id }]);
    // The organizations were read again, so the guard sees the new one.
    await waitFor(() =>
      expect(queryClient.getQueryData(['account', 'organizations', USER_ID])).toEqual({
        memberships: [{ organizationId: inserted?.id, name: 'Fjord Rør AS', role: 'owner' }],
        lastSelectedId: inserted?.id,
      }),
    );
    expect(sessionStorage.getItem('leadtorget.return-to')).toBeNull();
  });

  it('leaves the contact e-mail out when empty and goes home without a saved target', async () => {
    const calls = backend(created);
    await renderCreate();
    await userEvent.type(await screen.findByLabelText('Navn på organisasjonen'), 'Vestland Tak AS');
    await userEvent.type(screen.getByLabelText('Organisasjonsnummer'), '918002448');
    await userEvent.click(screen.getByRole('button', { name: 'Opprett organisasjon' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/$/);
    expect(calls.inserted[0]?.contact_email).toBeNull();
  });

  it('shows the database check (23514) at the field it concerns', async () => {
    backend(() =>
      HttpResponse.json(
        {
          code: '23514',
          message:
            'new row for relation "organizations" violates check constraint "organizations_organization_number_valid"',
          details: null,
          hint: null,
        },
        { status: 400 },
      ),
    );
    await renderCreate();
    await userEvent.type(await screen.findByLabelText('Navn på organisasjonen'), 'Fjord Rør AS');
    await userEvent.type(screen.getByLabelText('Organisasjonsnummer'), '923609016');
    await userEvent.click(screen.getByRole('button', { name: 'Opprett organisasjon' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Organisasjonsnummer')).toHaveAccessibleDescription(
        expect.stringContaining('Dette er ikke et gyldig organisasjonsnummer.'),
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
  });

  it('shows other server errors as a form error and keeps the input', async () => {
    backend(() => HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 }));
    await renderCreate();
    await userEvent.type(await screen.findByLabelText('Navn på organisasjonen'), 'Fjord Rør AS');
    await userEvent.type(screen.getByLabelText('Organisasjonsnummer'), '923609016');
    await userEvent.click(screen.getByRole('button', { name: 'Opprett organisasjon' }));

    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText('Navn på organisasjonen')).toHaveValue('Fjord Rør AS');
    expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
  });
});
