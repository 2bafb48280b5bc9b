import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FormListPage from '@/features/forms/routes/form-list';
import { TEMPLATES } from '@/features/forms/utils/templates';
import { FORM, formSummaryRow } from '../../factories/form';
import { formsHandlers, newFormsState, type FormsState } from '../../msw/handlers/forms';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: FormsState = newFormsState();
setupMswServer(...formsHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('forms', 'form-errors', 'campaign-errors');
});
beforeEach(() => {
  state = newFormsState();
  signIn();
});

const editRoute = { path: '/forms/:formId/edit', element: <p>builder</p> };

describe('/forms', () => {
  it('lists the forms with status, responses, completion and the last response', async () => {
    state.summaries = [
      formSummaryRow(),
      formSummaryRow({
        form_id: 'cf000000-0000-4000-8000-0000000000ab',
        name: 'NPS mars',
        status: 'draft',
        responses: 0,
        completion_rate: null,
        last_response_at: null,
      }),
    ];
    renderApp(FormListPage, { path: '/forms' });
    const link = await screen.findByRole('link', { name: 'Kontakt oss' });
    expect(link).toHaveAttribute('href', `/forms/${FORM}/edit`);
    const row = link.closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Åpent')).toBeInTheDocument();
    expect(within(row).getByText('40')).toBeInTheDocument();
    expect(within(row).getByText('50 %')).toBeInTheDocument();
    expect(within(row).getByText('01.03.2027, 12:00')).toBeInTheDocument();
    const draft = screen.getByRole('link', { name: 'NPS mars' }).closest('tr');
    if (!draft) throw new Error('no row');
    expect(within(draft).getByText('Utkast')).toBeInTheDocument();
  });

  it('creates a form from a template and opens the builder', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(FormListPage, { path: '/forms', routes: [editRoute] });
    await user.click(await screen.findByRole('button', { name: 'Nytt skjema' }));
    await user.selectOptions(screen.getByLabelText('Start fra'), 'Tilbudsforespørsel');
    expect(screen.getByLabelText('Navn på skjemaet')).toHaveValue('Tilbudsforespørsel');
    await user.click(screen.getByRole('button', { name: 'Lag skjema' }));
    await screen.findByText('builder');
    expect(router.state.location.pathname).toBe('/forms/cf000000-0000-4000-8000-0000000000bb/edit');
    const body = state.requests.find((request) => request.url.pathname.endsWith('create_form'))?.body;
    expect(body).toMatchObject({ input_name: 'Tilbudsforespørsel', input_definition: TEMPLATES.tilbud });
  });

  it('asks for a name, keeping the template chosen', async () => {
    const user = userEvent.setup();
    renderApp(FormListPage, { path: '/forms' });
    await user.click(await screen.findByRole('button', { name: 'Nytt skjema' }));
    await user.click(screen.getByRole('button', { name: 'Lag skjema' }));
    expect(await screen.findByText('Gi skjemaet et navn.')).toBeInTheDocument();
    expect(state.requests).toEqual([]);
  });

  it('archives after confirmation', async () => {
    const user = userEvent.setup();
    renderApp(FormListPage, { path: '/forms' });
    await user.click(await screen.findByRole('button', { name: 'Handlinger for Kontakt oss' }));
    await user.click(screen.getByRole('menuitem', { name: 'Arkiver' }));
    const dialog = await screen.findByRole('dialog', { name: /Arkivere «Kontakt oss»/ });
    expect(state.form.archived_at).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Arkiver' }));
    await waitFor(() => expect(state.form.archived_at).not.toBeNull());
  });
});
