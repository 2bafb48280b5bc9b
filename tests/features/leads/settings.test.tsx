import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { clearNotifications, getNotifications } from '@/components/notification-store';
import LeadsSettingsPage from '@/features/leads/routes/settings';
import { setSession } from '@/lib/session';
import { signIn } from '../../support/session';
import {
  membershipHandlers,
  ORG,
  prepareLeadsI18n,
  record,
  renderAt,
  single,
  SUPABASE,
  type Recorded,
} from './leads-harness';

const requests: Recorded[] = [];
let role: 'owner' | 'admin' | 'member' = 'owner';
let receiptEmails = ['regnskap@fjordbygg.no'];

const server = setupServer(
  ...membershipHandlers(() => role),
  http.get(`${SUPABASE}/rest/v1/organizations_leads_config`, ({ request }) =>
    single(request, {
      send_to_email: true,
      recipients: ['salg@fjordbygg.no'],
      events: ['new_lead', 'listing_sold'],
      default_price_tickets: 2,
      default_price_credits: null,
      default_price_ore: 15_000,
    }),
  ),
  http.post(`${SUPABASE}/rest/v1/organizations_leads_config`, async ({ request }) => {
    await record(requests, request);
    return single(request, { id: ORG });
  }),
  http.get(`${SUPABASE}/rest/v1/organizations_payments_config`, ({ request }) =>
    single(request, { receipt_emails: receiptEmails }),
  ),
  http.patch(`${SUPABASE}/rest/v1/organizations_payments_config`, async ({ request }) => {
    await record(requests, request);
    receiptEmails = (requests.at(-1)!.body as { receipt_emails: string[] }).receipt_emails;
    return single(request, { id: ORG });
  }),
  http.post(`${SUPABASE}/rest/v1/rpc/organizations_payments_email_insert`, async ({ request }) => {
    await record(requests, request);
    const { input_email } = requests.at(-1)!.body as { input_email: string };
    if (receiptEmails.includes(input_email)) {
      return HttpResponse.json(
        { code: '23505', message: 'receipt-email-exists', details: null, hint: null },
        { status: 409 },
      );
    }
    receiptEmails = [...receiptEmails, input_email];
    return HttpResponse.json(receiptEmails);
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await prepareLeadsI18n();
});
afterAll(() => server.close());
beforeEach(() => {
  requests.length = 0;
  role = 'owner';
  receiptEmails = ['regnskap@fjordbygg.no'];
  clearNotifications();
  signIn();
});
afterEach(() => {
  server.resetHandlers();
  setSession(null);
});

const open = async () => {
  renderAt(LeadsSettingsPage, '/leads/settings');
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
    role = 'member';
    const recipients = await open();
    expect(screen.getByText('Bare eieren og administratorer kan endre innstillingene.')).toBeVisible();
    expect(recipients).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Lagre innstillinger' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Ny kvitteringsadresse')).not.toBeInTheDocument();
  });
});
