import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { answerConfirm, getCurrentConfirm } from '@/components/dialog-store';
import LeadsMarketplaceAdminPage from '@/features/marketplace/routes/marketplace-admin';
import { marketplaceAdminHandlers, marketplaceAdminState } from '../../msw/handlers/marketplace';
import type { Recorded } from '../../msw/rest';
import { setupMswServer } from '../../msw/server';
import { MARKETPLACE } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { SUPABASE, signIn } from '../../support/session';

const requests: Recorded[] = [];
let state = marketplaceAdminState();

const server = setupMswServer(...marketplaceAdminHandlers(() => state, requests));

beforeAll(async () => {
  await prepareI18n('marketplace');
});
beforeEach(() => {
  requests.length = 0;
  state = marketplaceAdminState();
  signIn();
});
afterEach(() => {
  const pending = getCurrentConfirm();
  if (pending) answerConfirm(pending.id, false);
});

const open = () =>
  renderApp(LeadsMarketplaceAdminPage, {
    path: '/leads/marketplace/:leadsMarketplaceId/admin',
    entry: `/leads/marketplace/${MARKETPLACE}/admin`,
  });

describe('/leads/marketplace/{id}/admin (leads-marketplace-admin)', () => {
  it('shows the owner members, listings, sales per month and hosts', async () => {
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Administrer Leadtorget Vest' }),
    ).toBeVisible();

    const sales = await screen.findByRole('region', { name: 'Salg per måned' });
    const salesRows = within(sales).getAllByRole('row');
    expect(salesRows[1]).toHaveTextContent(/november 2026\s*12\s*20\s*0\s*1\s497,00\skr/);
    expect(salesRows[2]).toHaveTextContent(/oktober 2026\s*3\s*6/);
    expect(requests.find((r) => r.url.pathname.endsWith('/rpc/marketplace_sales'))?.body).toEqual({
      input_marketplace_id: MARKETPLACE,
    });

    const listings = screen.getByRole('region', { name: 'Annonser' });
    expect(within(listings).getByText('Bad skal pusses opp')).toBeVisible();
    expect(within(listings).getByText('Utsolgt')).toBeVisible();
    expect(within(listings).getByText('3 av 3 solgt')).toBeVisible();

    const members = await screen.findByRole('region', { name: 'Medlemmer (3)' });
    const memberRows = within(members).getAllByRole('row');
    // Sorted by name (nb collation) at first; every member by name, none by a short id.
    expect(memberRows[1]).toHaveTextContent(/^Annen Bygg AS–Etter behov0031\s497,00\skr01\.10\.2026$/);
    expect(memberRows[2]).toHaveTextContent(/^Bergen Rør AS974760673Ingen plan41120,00\skr15\.09\.2026$/);
    expect(memberRows[3]).toHaveTextContent(/^Fjordbygg AS923609016Klippekort1300,00\skr02\.11\.2026$/);
    expect(within(members).queryByText(/ikke synlig for deg/)).not.toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname.endsWith('/rpc/marketplace_members'))?.body).toEqual({
      input_marketplace_id: MARKETPLACE,
    });

    const hostsRegion = screen.getByRole('region', { name: 'Adresser' });
    expect(within(hostsRegion).getByText('leads.fjordbygg.no')).toBeVisible();
  });

  it('sorts the members by a column, both ways', async () => {
    const user = userEvent.setup();
    open();
    const members = await screen.findByRole('region', { name: 'Medlemmer (3)' });
    const names = () =>
      within(members)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names()).toEqual(['Annen Bygg AS', 'Bergen Rør AS', 'Fjordbygg AS']);
    const nameHeader = within(members).getByRole('columnheader', { name: /Organisasjon/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(members).getByRole('button', { name: /Kjøp/ }));
    expect(names()).toEqual(['Fjordbygg AS', 'Annen Bygg AS', 'Bergen Rør AS']);
    expect(within(members).getByRole('columnheader', { name: /Kjøp/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(nameHeader).not.toHaveAttribute('aria-sort');

    await user.click(within(members).getByRole('button', { name: /Omsetning/ }));
    await user.click(within(members).getByRole('button', { name: /Omsetning/ }));
    expect(within(members).getByRole('columnheader', { name: /Omsetning/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(names()[0]).toBe('Annen Bygg AS');

    await user.click(within(members).getByRole('button', { name: /Medlem siden/ }));
    expect(names()).toEqual(['Bergen Rør AS', 'Annen Bygg AS', 'Fjordbygg AS']);
  });

  it('shows an error in the members section when the members read fails, and the rest of the page', async () => {
    state.membersFail = true;
    open();
    const members = await screen.findByRole('region', { name: 'Medlemmer (0)' });
    expect(await within(members).findByRole('alert')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Salg per måned' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Adresser' })).toBeVisible();
  });

  it('adds a host (normalised) and removes one after confirmation', async () => {
    const user = userEvent.setup();
    open();
    const region = await screen.findByRole('region', { name: 'Adresser' });
    const input = within(region).getByRole('textbox', { name: 'Nytt vertsnavn' });

    await user.type(input, 'ikke et vertsnavn');
    await user.click(within(region).getByRole('button', { name: 'Legg til' }));
    expect(await within(region).findByText(/Skriv et gyldig vertsnavn/)).toBeVisible();
    expect(input).toHaveValue('ikke et vertsnavn');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, 'https://Marked.Fjordbygg.no/leads');
    await user.click(within(region).getByRole('button', { name: 'Legg til' }));
    expect(await within(region).findByText('marked.fjordbygg.no')).toBeVisible();
    expect(
      requests.find((r) => r.method === 'POST' && r.url.pathname.endsWith('/marketplaces_urls'))?.body,
    ).toEqual({
      marketplace_id: MARKETPLACE,
      url: 'marked.fjordbygg.no',
    });

    await user.click(within(region).getByRole('button', { name: 'Fjern leads.fjordbygg.no' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Fjerne leads.fjordbygg.no?' });
    await user.click(within(confirmation).getByRole('button', { name: 'Fjern' }));
    await waitFor(() => expect(within(region).queryByText('leads.fjordbygg.no')).not.toBeInTheDocument());
    const removal = requests.find((r) => r.method === 'DELETE');
    expect(removal?.url.searchParams.get('url')).toBe('eq.leads.fjordbygg.no');
    expect(removal?.url.searchParams.get('marketplace_id')).toBe(`eq.${MARKETPLACE}`);
  });

  it('says so when another marketplace already uses the host', async () => {
    server.use(
      http.post(`${SUPABASE}/rest/v1/marketplaces_urls`, () =>
        HttpResponse.json(
          {
            code: '23505',
            message: 'duplicate key value violates unique constraint "marketplaces_urls_pkey"',
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    open();
    const region = await screen.findByRole('region', { name: 'Adresser' });
    const input = within(region).getByRole('textbox', { name: 'Nytt vertsnavn' });
    await user.type(input, 'leads.annen.no');
    await user.click(within(region).getByRole('button', { name: 'Legg til' }));
    expect(
      await within(region).findByText('Denne adressen brukes allerede av en annen markedsplass.'),
    ).toBeVisible();
    expect(input).toHaveValue('leads.annen.no');
  });

  it('refuses anyone but the owner and reads none of the owner data', async () => {
    state.ownerId = 'someone-else';
    open();
    expect(
      await screen.findByRole('heading', {
        name: 'Bare eieren av markedsplassen har tilgang til denne siden',
      }),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Salg per måned' })).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
