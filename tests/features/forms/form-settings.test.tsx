import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FormEditPage from '@/features/forms/routes/form-edit';
import { TEMPLATES } from '@/features/forms/utils/templates';
import { FORM, formQuotaRow, formVersionRow } from '../../factories/form';
import { formsHandlers, newFormsState, type FormsState } from '../../msw/handlers/forms';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: FormsState = newFormsState();
setupMswServer(...formsHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('forms', 'form-errors', 'campaign-errors');
});

const OLA = 'a0000000-0000-4000-8000-00000000000a';
const KARI = 'a0000000-0000-4000-8000-00000000000b';

beforeEach(() => {
  state = newFormsState({
    versions: [formVersionRow({ published_at: null, definition: TEMPLATES.kontakt as never })],
    quotas: [{ ...formQuotaRow('b_emne', 'o_service', 20), taken: 7 }],
    members: [
      { member_id: OLA, name: 'Ola Nordmann', email: 'ola@fjordror.no' },
      { member_id: KARI, name: '', email: 'kari@fjordror.no' },
    ],
    notify: [OLA],
  });
  signIn();
});

const open = (hash = '') =>
  renderApp(FormEditPage, {
    path: '/forms/:formId/edit',
    entry: `/forms/${FORM}/edit?section=settings${hash}`,
  });
const writes = (table: string) =>
  state.requests.filter((request) => request.method !== 'GET' && request.url.pathname.endsWith(`/${table}`));

describe('«Innstillinger»: places, notices and consent', () => {
  it('shows taken of cap, refuses a bad cap at its field keeping every value, then saves', async () => {
    const user = userEvent.setup();
    open();
    const service = await screen.findByLabelText('Plasser for Service og reparasjon');
    expect(service).toHaveValue('20');
    expect(screen.getByText('7 av 20 tatt')).toBeInTheDocument();
    const question = screen.getByLabelText('Plasser for Et spørsmål');
    await user.type(question, '1,5');
    await user.clear(service);
    await user.type(service, '30');
    await user.click(screen.getByRole('button', { name: 'Lagre plassene' }));
    expect(question).toHaveAccessibleDescription(
      'Skriv et helt tall fra 0 til 1 000 000, eller la feltet stå tomt.',
    );
    expect(question).toHaveFocus();
    expect(writes('forms_quotas')).toEqual([]);
    expect(question).toHaveValue('1,5');
    expect(service).toHaveValue('30');

    await user.clear(question);
    await user.type(question, '5');
    await user.type(screen.getByLabelText('Plasser for Faktura'), '0');
    await user.click(screen.getByRole('button', { name: 'Lagre plassene' }));
    await waitFor(() => expect(state.quotas).toHaveLength(3));
    expect(state.quotas.map(({ option_id, cap }) => [option_id, cap]).sort()).toEqual([
      ['o_faktura', 0],
      ['o_service', 30],
      ['o_sporsmal', 5],
    ]);

    // Emptying a field removes that option's cap.
    await user.clear(screen.getByLabelText('Plasser for Faktura'));
    await user.click(screen.getByRole('button', { name: 'Lagre plassene' }));
    await waitFor(() =>
      expect(state.quotas.map((quota) => quota.option_id).sort()).toEqual(['o_service', 'o_sporsmal']),
    );
  });

  it('chooses the members told and the digest, saying when each goes out', async () => {
    const user = userEvent.setup();
    open();
    const members = await screen.findByRole('group', { name: 'Medlemmer som får varsel' });
    expect(within(members).getByLabelText('Ola Nordmann (ola@fjordror.no)')).toBeChecked();
    const mode = screen.getByLabelText('Varsle om nye svar');
    expect(mode).toHaveAccessibleDescription('En e-post per svar, sendt innen 5 minutter.');
    await user.selectOptions(mode, 'Daglig sammendrag');
    expect(mode).toHaveAccessibleDescription('Én e-post med dagens nye svar, sendt fra kl. 08:00 hver dag.');
    await user.click(within(members).getByLabelText('Ola Nordmann (ola@fjordror.no)'));
    await user.click(within(members).getByLabelText('kari@fjordror.no'));
    await user.click(screen.getByRole('button', { name: 'Lagre varslene' }));
    await waitFor(() => expect(state.notify).toEqual([KARI]));
    expect(state.form.notify_mode).toBe('daily');
  });

  it('saves the consent texts, and refuses an empty consent on a published form keeping the rest', async () => {
    state.campaign = { ...state.campaign, published_at: '2027-03-01T10:00:00Z' };
    const user = userEvent.setup();
    open();
    const consent = await screen.findByLabelText('Samtykketekst');
    const marketing = screen.getByLabelText('Samtykke til markedsføring (valgfritt)');
    await user.clear(consent);
    await user.type(marketing, 'Send meg tilbud fra Fjord Rør AS.');
    await user.click(screen.getByRole('button', { name: 'Lagre samtykket' }));
    expect(consent).toHaveAccessibleDescription(
      expect.stringContaining('Skjemaet er publisert og må ha en samtykketekst.'),
    );
    expect(consent).toHaveFocus();
    expect(writes('campaigns')).toEqual([]);
    expect(marketing).toHaveValue('Send meg tilbud fra Fjord Rør AS.');

    await user.click(screen.getByRole('button', { name: 'Bruk forslag' }));
    expect(consent).toHaveValue(
      'Jeg godtar at Fjord Rør AS bruker opplysningene mine til å svare på henvendelsen.',
    );
    await user.click(screen.getByRole('button', { name: 'Lagre samtykket' }));
    await waitFor(() =>
      expect(state.campaign).toMatchObject({
        consent_text: 'Jeg godtar at Fjord Rør AS bruker opplysningene mine til å svare på henvendelsen.',
        marketing_consent_text: 'Send meg tilbud fra Fjord Rør AS.',
      }),
    );
  });

  it('links a missing consent text from «Publisering» to its field', async () => {
    state.campaign = { ...state.campaign, consent_text: null };
    const user = userEvent.setup();
    renderApp(FormEditPage, { path: '/forms/:formId/edit', entry: `/forms/${FORM}/edit?section=publish` });
    await user.click(await screen.findByRole('link', { name: 'Skriv samtykketeksten' }));
    await waitFor(() => expect(screen.getByLabelText('Samtykketekst')).toHaveFocus());
  });
});
