import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { clearNotifications, getNotifications } from '@/components/notification-store';
import LeadsSettingsPage from '@/features/leads/routes/settings';
import { leadsSettingsHandlers, leadsSettingsState } from '../../msw/handlers/leads';
import type { Recorded } from '../../msw/rest';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { SUPABASE, signIn } from '../../support/session';

const requests: Recorded[] = [];
let state = leadsSettingsState();

const server = setupMswServer(...leadsSettingsHandlers(() => state, requests));

beforeAll(async () => {
  await prepareI18n('leads');
});
beforeEach(() => {
  requests.length = 0;
  state = leadsSettingsState();
  clearNotifications();
  signIn();
});

const open = async () => {
  renderApp(LeadsSettingsPage, { path: '/leads/settings' });
  return screen.findByLabelText('Mottakere');
};

describe('/leads/settings', () => {
  it('loads the settings into the form', async () => {
    const recipients = await open();
    expect(recipients).toHaveValue('salg@fjordbygg.no');
    expect(screen.getByRole('checkbox', { name: 'Send varsler på e-post' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Nye leads' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Leads vi kjøper' })).not.toBeChecked();
    expect(screen.getByLabelText('Pris i klipp')).toHaveValue('2');
    expect(screen.getByLabelText('Pris i kroner (kort)')).toHaveValue('150');
  });

  it('refuses a bad e-mail in Norwegian and keeps what was typed', async () => {
    const recipients = await open();
    await userEvent.type(recipients, '\nikke-en-adresse\nola@fjordbygg.no');
    await userEvent.click(screen.getByRole('button', { name: 'Lagre innstillinger' }));
    expect(recipients).toHaveAccessibleDescription(/Ugyldig e-postadresse: ikke-en-adresse/);
    expect(recipients).toHaveValue('salg@fjordbygg.no\nikke-en-adresse\nola@fjordbygg.no');
    expect(requests).toHaveLength(0);
  });

  it('requires a recipient when notifications are on, and at most 20', async () => {
    const recipients = await open();
    await userEvent.clear(recipients);
    await userEvent.click(screen.getByRole('button', { name: 'Lagre innstillinger' }));
    expect(recipients).toHaveAccessibleDescription(/minst én mottaker/);
    await userEvent.type(
      recipients,
      Array.from({ length: 21 }, (_, index) => `m${index}@fjordbygg.no`).join(' '),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Lagre innstillinger' }));
    expect(recipients).toHaveAccessibleDescription(/Du kan ha høyst 20 mottakere\./);
    expect(requests).toHaveLength(0);
  });

  it('saves with an upsert on the organization id', async () => {
    const recipients = await open();
    await userEvent.type(recipients, '\nOLA@Fjordbygg.no, salg@fjordbygg.no');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Leads vi kjøper' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Nye leads' }));
    await userEvent.clear(screen.getByLabelText('Pris i klipp'));
    await userEvent.clear(screen.getByLabelText('Pris i kroner (kort)'));
    await userEvent.type(screen.getByLabelText('Pris i kroner (kort)'), '99,90');
    await userEvent.click(screen.getByRole('button', { name: 'Lagre innstillinger' }));
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain('Innstillingene er lagret.'),
    );
    const post = requests[0]!;
    expect(post.url.searchParams.get('on_conflict')).toBe('id');
    expect(post.headers.get('Prefer')).toContain('resolution=merge-duplicates');
    expect(post.body).toEqual({
      id: ORG,
      send_to_email: true,
      recipients: ['salg@fjordbygg.no', 'ola@fjordbygg.no'],
      events: ['lead_bought', 'listing_sold'],
      default_price_tickets: null,
      default_price_credits: null,
      default_price_ore: 9990,
    });
  });

  it('adds receipt e-mails through the RPC and removes them by updating the list', async () => {
    await open();
    const table = screen.getByRole('table', { name: 'Kvitteringsadresser' });
    expect(within(table).getByText('regnskap@fjordbygg.no')).toBeVisible();
    const input = screen.getByLabelText('Ny kvitteringsadresse');

    await userEvent.type(input, 'ikke gyldig');
    await userEvent.click(screen.getByRole('button', { name: 'Legg til' }));
    expect(input).toHaveAccessibleDescription('Skriv inn en gyldig e-postadresse.');
    expect(input).toHaveValue('ikke gyldig');
    expect(requests).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'Faktura@Fjordbygg.no');
    await userEvent.click(screen.getByRole('button', { name: 'Legg til' }));
    expect(await within(table).findByText('faktura@fjordbygg.no')).toBeVisible();
    expect(requests[0]!.body).toEqual({ input_organization_id: ORG, input_email: 'faktura@fjordbygg.no' });
    expect(input).toHaveValue('');

    await userEvent.type(input, 'regnskap@fjordbygg.no');
    await userEvent.click(screen.getByRole('button', { name: 'Legg til' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('Adressen står allerede på listen.'));

    await userEvent.click(within(table).getByRole('button', { name: 'Fjern regnskap@fjordbygg.no' }));
    await waitFor(() => expect(within(table).queryByText('regnskap@fjordbygg.no')).not.toBeInTheDocument());
    expect(requests.at(-1)!.method).toBe('PATCH');
    expect(requests.at(-1)!.body).toEqual({ receipt_emails: ['faktura@fjordbygg.no'] });
  });

  it('says the organization was not found when the RPC answers 404 (PT404)', async () => {
    server.use(
      http.post(`${SUPABASE}/rest/v1/rpc/organizations_payments_email_insert`, () =>
        HttpResponse.json(
          { code: 'PT404', message: 'organization-not-found', details: null, hint: null },
          { status: 404 },
        ),
      ),
    );
    await open();
    const input = screen.getByLabelText('Ny kvitteringsadresse');
    await userEvent.type(input, 'faktura@fjordbygg.no');
    await userEvent.click(screen.getByRole('button', { name: 'Legg til' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        'Vi fant ikke organisasjonen din. Velg organisasjon på nytt og prøv igjen.',
      ),
    );
    expect(input).toHaveValue('faktura@fjordbygg.no');
  });

  it('shows a member the settings without saving', async () => {
    state.role = 'member';
    const recipients = await open();
    expect(screen.getByText('Bare eieren og administratorer kan endre innstillingene.')).toBeVisible();
    expect(recipients).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Lagre innstillinger' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Ny kvitteringsadresse')).not.toBeInTheDocument();
  });
});
