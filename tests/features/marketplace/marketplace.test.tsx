import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { answerConfirm, getCurrentConfirm } from '@/components/dialog-store';
import LeadsMarketplacePage from '@/features/marketplace/routes/marketplace';
import LeadsMarketplaceOtherPage from '@/features/marketplace/routes/marketplace-other';
import { confirmCardStep } from '@/features/payments/components/confirm-card-step';
import { provideCardConfirmation } from '@/lib/card-confirmation';
import errorsNb from '@/locales/nb/errors.json';
import memberNbJson from '@/locales/nb/member.json';
import { listingRow } from '../../factories/listing';
import { buyLeadAnswer } from '../../factories/purchase';
import { marketplaceHandlers, marketplaceState } from '../../msw/handlers/marketplace';
import { record, type Recorded } from '../../msw/rest';
import { setupMswServer } from '../../msw/server';
import { MARKETPLACE, ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { SUPABASE, USER_ID, signIn } from '../../support/session';

const listing = listingRow;

const requests: Recorded[] = [];
let state = marketplaceState();

const server = setupMswServer(...marketplaceHandlers(() => state, requests));

beforeAll(async () => {
  await prepareI18n('marketplace');
});
beforeEach(() => {
  requests.length = 0;
  state = marketplaceState();
  signIn();
});
afterEach(() => {
  // A test that failed half-way through a confirmation must not leave it open for the next one.
  const pending = getCurrentConfirm();
  if (pending) answerConfirm(pending.id, false);
});

const openHost = async () => {
  const view = renderApp(LeadsMarketplacePage, { path: '/' });
  await screen.findByRole('heading', { level: 1, name: 'Leadtorget Vest' });
  return view;
};

const card = async (title: string) => {
  const heading = await screen.findByRole('heading', { level: 2, name: title });
  return heading.closest('li')!;
};

const buyHandler = (status: number, body: Record<string, unknown>) =>
  http.post(`${SUPABASE}/functions/v1/buy-lead`, async ({ request }) => {
    await record(requests, request);
    return HttpResponse.json(body, { status });
  });

/** The on-demand price of the fixture listing, and what the card is charged for it (+ 25 % MVA). */
const CARD_PRICE = '499,00\u00a0kr eks. mva';
const CARD_TOTAL = '623,75\u00a0kr inkl. mva';

/** Buys through the dialog: «Kjøp for <price>», then «Bekreft kjøp for <total>» (a card pays incl. mva). */
async function buy(title = 'Bad skal pusses opp', price = '2 klipp', total = price) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Se og kjøp «${title}»` }));
  const dialog = await screen.findByRole('dialog', { name: title });
  await user.click(within(dialog).getByRole('button', { name: `Kjøp for ${price}` }));
  // The confirm step is part of the same dialog: no second modal.
  const question = await within(dialog).findByRole('heading', { name: 'Kjøpe dette leadet?' });
  expect(question).toHaveFocus();
  const confirmation = question.closest('section')!;
  expect(confirmation).toHaveTextContent(`for «${title}»`);
  expect(confirmation.textContent).toContain(total);
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  await user.click(within(dialog).getByRole('button', { name: `Bekreft kjøp for ${total}` }));
  return { user, dialog };
}

describe('the marketplace (leads-marketplace)', () => {
  it('shows teaser, area, category, age, the tickets price and «X av N solgt»; the balance in the header', async () => {
    await openHost();
    const item = await card('Bad skal pusses opp');
    expect(item).toHaveTextContent('Totalrenovering av bad, ca. 6 m².');
    expect(item).toHaveTextContent('KategoriRørlegger');
    expect(item).toHaveTextContent('OmrådeOslo');
    expect(within(item).getByText('for 3 timer siden')).toBeVisible();
    expect(within(item).getByText('2 klipp')).toBeVisible();
    expect(within(item).getByText('1 av 3 solgt')).toBeVisible();
    expect(await screen.findByText('Saldo: 5 klipp')).toBeVisible();
    // Only active, unexpired listings of this marketplace, newest first.
    const list = requests.find((request) => request.url.searchParams.get('order'));
    expect(list?.url.searchParams.get('marketplace_id')).toBe(`eq.${MARKETPLACE}`);
    expect(list?.url.searchParams.get('status')).toBe('eq.active');
    expect(list?.url.searchParams.get('expires_at')).toMatch(/^gt\./);
    expect(list?.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(screen.queryByRole('link', { name: 'Administrer markedsplassen' })).not.toBeInTheDocument();
  });

  it('the dialog shows the card’s facts (the age as a <time>) and how long the lead is for sale', async () => {
    await openHost();
    const user = userEvent.setup();
    const published = within(await card('Bad skal pusses opp')).getByText('for 3 timer siden');
    await user.click(screen.getByRole('button', { name: 'Se og kjøp «Bad skal pusses opp»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bad skal pusses opp' });
    expect(dialog).toHaveTextContent('KategoriRørlegger');
    expect(dialog).toHaveTextContent('OmrådeOslo');
    expect(dialog).toHaveTextContent(/Til salgstil og med \d/);
    const age = within(dialog).getByText('for 3 timer siden');
    expect(age.tagName).toBe('TIME');
    expect(age).toHaveAttribute('dateTime', published.getAttribute('dateTime'));
  });

  it('counts a re-listed lead’s earlier buyers, so it never looks exclusive', async () => {
    state.listings = [
      listing({ title: 'Delt lead igjen', earlier_buyers: 2, max_buyers: 1, buyers_count: 0 }),
    ];
    await openHost();
    const item = await card('Delt lead igjen');
    expect(within(item).getByText('2 av 3 solgt')).toBeVisible();
  });

  it('shows the price in NOK eks. mva for the on-demand plan', async () => {
    state.plan = 'on_demand';
    await openHost();
    const item = await card('Bad skal pusses opp');
    expect(await within(item).findByText(/^499,00\skr eks\. mva$/)).toBeVisible();
    expect(within(item).queryByText('2 klipp')).not.toBeInTheDocument();
  });

  it('on demand: the confirm step shows the price eks. mva, the MVA and the total the card is charged', async () => {
    state.plan = 'on_demand';
    await openHost();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Se og kjøp «Bad skal pusses opp»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bad skal pusses opp' });
    await user.click(within(dialog).getByRole('button', { name: `Kjøp for ${CARD_PRICE}` }));
    const question = await within(dialog).findByRole('heading', { name: 'Kjøpe dette leadet?' });
    const amounts = within(question.closest('section')!).getByLabelText('Pris', { selector: 'dl' });
    expect(
      within(amounts)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Pris eks. mva', 'MVA (25 %)', 'Å betale inkl. mva']);
    expect(
      within(amounts)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['499,00\u00a0kr', '124,75\u00a0kr', '623,75\u00a0kr']);
    expect(question.closest('section')!.textContent).toContain(
      `Det lagrede kortet belastes ${CARD_TOTAL} for «Bad skal pusses opp»`,
    );
    expect(within(dialog).getByRole('button', { name: `Bekreft kjøp for ${CARD_TOTAL}` })).toBeVisible();
    expect(requests.some((request) => request.url.pathname.endsWith('/functions/v1/buy-lead'))).toBe(false);
  });

  it('on demand: a declined card (answered 200 failed) shows its message and no contact details', async () => {
    state.plan = 'on_demand';
    server.use(buyHandler(200, { status: 'failed', error: { code: 'card_declined' } }));
    await openHost();
    const { dialog } = await buy('Bad skal pusses opp', CARD_PRICE, CARD_TOTAL);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Kortet ble avvist');
    expect(within(dialog).queryByText('Kontaktinformasjon')).not.toBeInTheDocument();
  });

  it('marks own listings «Ditt lead» (not buyable) and bought ones «Kjøpt» with a link to the lead', async () => {
    state.listings = [
      listing({ id: 'ad-own', lead_id: 'lead-own', organization_id: ORG, title: 'Eget lead' }),
      listing({ id: 'ad-bought', lead_id: 'lead-bought', title: 'Kjøpt lead' }),
      listing(),
    ];
    state.bought = ['lead-bought'];
    await openHost();
    const own = await card('Eget lead');
    expect(within(own).getByText('Ditt lead')).toBeVisible();
    expect(within(own).queryByRole('button', { name: /Se og kjøp/ })).not.toBeInTheDocument();
    const boughtCard = await card('Kjøpt lead');
    expect(await within(boughtCard).findByText('Kjøpt')).toBeVisible();
    expect(within(boughtCard).getByRole('link', { name: 'Åpne leadet' })).toHaveAttribute(
      'href',
      '/leads/lead/lead-bought',
    );
    expect(within(boughtCard).queryByRole('button', { name: /Se og kjøp/ })).not.toBeInTheDocument();
    expect(
      within(await card('Bad skal pusses opp')).getByRole('button', { name: /Se og kjøp/ }),
    ).toBeVisible();

    // The own listing's dialog says why it cannot be bought and offers no purchase.
    const user = userEvent.setup();
    await user.click(within(own).getByRole('button', { name: 'Se detaljer om «Eget lead»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eget lead' });
    expect(dialog).toHaveTextContent('Dette er ditt eget lead. Du kan ikke kjøpe det.');
    expect(within(dialog).queryByRole('button', { name: /Kjøp for/ })).not.toBeInTheDocument();
  });

  it('buys after confirmation and reveals the contact details at once', async () => {
    server.use(buyHandler(200, buyLeadAnswer()));
    await openHost();
    const { dialog } = await buy();
    expect(await within(dialog).findByText('Kjøpt! Leadet ligger nå i Leads-listen din.')).toBeVisible();
    expect(within(dialog).getByText('Kari Nordmann')).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'Kontaktinformasjon' })).toHaveFocus();
    expect(within(dialog).getByRole('link', { name: '+47 912 34 567' })).toHaveAttribute(
      'href',
      'tel:+4791234567',
    );
    expect(within(dialog).getByRole('link', { name: 'kari@example.no' })).toHaveAttribute(
      'href',
      'mailto:kari@example.no',
    );
    expect(within(dialog).getByText('Kari AS')).toBeVisible();
    expect(within(dialog).getByText('0150 Oslo')).toBeVisible();
    expect(within(dialog).getByText('2 av 3 solgt')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Åpne leadet i Leads' })).toHaveAttribute(
      'href',
      '/leads/lead/lead-1',
    );
    expect(within(dialog).queryByRole('button', { name: /Kjøp for/ })).not.toBeInTheDocument();
    const call = requests.find((request) => request.url.pathname.endsWith('/functions/v1/buy-lead'));
    expect(call?.body).toEqual({ leadId: 'lead-1', advertisedLeadId: 'ad-1', organizationId: ORG });
  });

  it('does not buy when the confirmation is cancelled', async () => {
    server.use(buyHandler(500, { error: { code: 'unknown' } }));
    await openHost();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Se og kjøp «Bad skal pusses opp»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bad skal pusses opp' });
    await user.click(within(dialog).getByRole('button', { name: 'Kjøp for 2 klipp' }));
    await within(dialog).findByRole('heading', { name: 'Kjøpe dette leadet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(within(dialog).queryByRole('heading', { name: 'Kjøpe dette leadet?' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Kjøp for 2 klipp' })).toHaveFocus();
    expect(requests.some((request) => request.url.pathname.includes('/functions/'))).toBe(false);
  });

  const codes: [code: string, status: number][] = [
    ['lead-not-found', 404],
    ['lead-already-bought', 409],
    ['organization-not-found', 404],
    ['lead-not-for-sale', 409],
    ['lead-not-available', 409],
    ['insufficient-tickets', 402],
    ['insufficient-credits', 402],
    ['invalid-payment', 400],
  ];
  it.each(codes)('shows the catalogue message for %s', async (code, status) => {
    server.use(buyHandler(status, { error: { code } }));
    await openHost();
    const { dialog } = await buy();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(memberNbJson.errors[code as keyof typeof memberNbJson.errors]);
    expect(within(dialog).queryByText('Kontaktinformasjon')).not.toBeInTheDocument();
  });

  it('shows the unknown message for any other answer', async () => {
    server.use(buyHandler(500, { error: { code: 'something-new' } }));
    await openHost();
    const { dialog } = await buy();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(errorsNb.unknown);
  });

  it('says the bank must confirm a card payment (authentication_required)', async () => {
    state.plan = 'on_demand';
    server.use(
      buyHandler(200, {
        status: 'requires_action',
        error: {
          code: 'authentication_required',
          clientSecret: 'secret',
          purchaseId: 'p-1',
          reservedUntil: '2026-11-22T05:15:00Z',
        },
      }),
    );
    await openHost();
    const { dialog } = await buy('Bad skal pusses opp', CARD_PRICE, CARD_TOTAL);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Banken din må bekrefte betalingen (3-D Secure) før kjøpet kan fullføres. Plassen er holdt av til kl. 06:15',
    );
  });

  describe('an on-demand purchase the bank wants confirmed (3-D Secure)', () => {
    const contactBody = buyLeadAnswer({
      payment: 'card',
      priceTickets: 0,
      amountOre: 49_900,
      balance: { tickets: 5, credits: 0 },
    });
    let authentications: unknown[] = [];

    beforeEach(() => {
      state.plan = 'on_demand';
      authentications = [];
      // As src/app does at start-up: the payments feature's card client behind src/lib.
      provideCardConfirmation(confirmCardStep);
      server.use(
        http.post(`${SUPABASE}/functions/v1/buy-lead`, async ({ request }) => {
          await record(requests, request);
          const body = (await request.clone().json()) as { purchaseId?: string };
          if (body.purchaseId) return HttpResponse.json(contactBody);
          return HttpResponse.json({
            status: 'requires_action',
            error: {
              code: 'authentication_required',
              clientSecret: 'pi_local_1_secret',
              purchaseId: 'p-1',
              reservedUntil: '2026-11-22T05:15:00Z',
              provider: 'local',
              publishableKey: null,
            },
          });
        }),
        http.post(`${SUPABASE}/functions/v1/payments-local`, async ({ request }) => {
          const body = (await request.json()) as { approve?: boolean };
          authentications.push(body);
          return body.approve
            ? HttpResponse.json({ status: 'succeeded', clientSecret: 'pi_local_1_secret' })
            : HttpResponse.json({ status: 'failed', error: { code: 'authentication_required' } });
        }),
      );
    });
    afterEach(() => provideCardConfirmation(null));

    it('completes after «Godkjenn» and shows the contact details', async () => {
      await openHost();
      const { dialog, user } = await buy('Bad skal pusses opp', CARD_PRICE, CARD_TOTAL);
      const step = await screen.findByRole('dialog', { name: 'Bekreft betalingen (testmodus)' });
      await user.click(within(step).getByRole('button', { name: 'Godkjenn' }));
      expect(await within(dialog).findByText('Kjøpt! Leadet ligger nå i Leads-listen din.')).toBeVisible();
      expect(within(dialog).getByText('Kari Nordmann')).toBeVisible();
      expect(authentications).toEqual([
        { action: 'authenticate', clientSecret: 'pi_local_1_secret', approve: true },
      ]);
      const calls = requests.filter((request) => request.url.pathname.endsWith('/functions/v1/buy-lead'));
      expect(calls.map((call) => call.body)).toEqual([
        { leadId: 'lead-1', advertisedLeadId: 'ad-1', organizationId: ORG },
        { leadId: 'lead-1', advertisedLeadId: 'ad-1', organizationId: ORG, purchaseId: 'p-1' },
      ]);
    });

    it('shows the message when the confirmation is declined («Avvis») and buys nothing', async () => {
      await openHost();
      const { dialog, user } = await buy('Bad skal pusses opp', CARD_PRICE, CARD_TOTAL);
      const step = await screen.findByRole('dialog', { name: 'Bekreft betalingen (testmodus)' });
      await user.click(within(step).getByRole('button', { name: 'Avvis' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Banken din må bekrefte betalingen (3-D Secure) før kjøpet kan fullføres. Plassen er holdt av til kl. 06:15',
      );
      expect(within(dialog).queryByText('Kontaktinformasjon')).not.toBeInTheDocument();
      const calls = requests.filter((request) => request.url.pathname.endsWith('/functions/v1/buy-lead'));
      expect(calls).toHaveLength(1);
    });
  });

  it('offers paying with credits when the listing has a credits price and the organization has credits', async () => {
    state.credits = 10;
    state.listings = [listing({ price_credits: 3 })];
    server.use(buyHandler(402, { error: { code: 'insufficient-credits' } }));
    await openHost();
    expect(await screen.findByText('10 kreditter')).toBeVisible();
    const { dialog } = await buy('Bad skal pusses opp', '3 kreditter');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      memberNbJson.errors['insufficient-credits'],
    );
    const call = requests.find((request) => request.url.pathname.endsWith('/functions/v1/buy-lead'));
    expect(call?.body).toEqual({
      leadId: 'lead-1',
      advertisedLeadId: 'ad-1',
      organizationId: ORG,
      payment: 'credits',
    });
  });

  it('pages through the listings, 20 at a time', async () => {
    state.total = 45;
    await openHost();
    const pages = await screen.findByRole('navigation', { name: 'Sider' });
    expect(pages).toHaveTextContent('Side 1 av 3');
    expect(within(pages).getByRole('button', { name: 'Forrige' })).toBeDisabled();
    await userEvent.setup().click(within(pages).getByRole('button', { name: 'Neste' }));
    await waitFor(() => expect(pages).toHaveTextContent('Side 2 av 3'));
    const second = requests.filter((request) => request.url.searchParams.get('order')).at(-1);
    expect(second?.url.searchParams.get('offset')).toBe('20');
    expect(second?.url.searchParams.get('limit')).toBe('20');
  });

  it('links the marketplace owner to the owner view', async () => {
    state.ownerId = USER_ID;
    await openHost();
    expect(await screen.findByRole('link', { name: 'Administrer markedsplassen' })).toHaveAttribute(
      'href',
      `/leads/marketplace/${MARKETPLACE}/admin`,
    );
  });

  it('filters by category and area with labelled selects of the whole lists', async () => {
    state.listings = [listing()];
    await openHost();
    const user = userEvent.setup();
    const category = await screen.findByRole('combobox', { name: 'Kategori' });
    await within(category).findByRole('option', { name: 'Elektriker' });
    await user.selectOptions(category, 'Elektriker');
    await within(screen.getByRole('combobox', { name: 'Område' })).findByRole('option', { name: 'Vestland' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Område' }), 'Vestland');
    await waitFor(() =>
      expect(
        requests.some(
          (request) =>
            request.url.searchParams.get('category') === 'eq.Elektriker' &&
            request.url.searchParams.get('area') === 'eq.Vestland',
        ),
      ).toBe(true),
    );
  });
});

describe('another marketplace (leads-marketplace-other) and deep links', () => {
  it('opens the listing of ?lead=…&ad=… at once', async () => {
    state.deepLinked = listing({ id: 'ad-9', lead_id: 'lead-9', title: 'Nytt tak på hytta' });
    renderApp(LeadsMarketplaceOtherPage, {
      path: '/leads/marketplace/:leadsMarketplaceId',
      entry: `/leads/marketplace/${MARKETPLACE}?lead=lead-9&ad=ad-9`,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Nytt tak på hytta' });
    expect(within(dialog).getByRole('button', { name: 'Kjøp for 2 klipp' })).toBeVisible();
    const call = requests.find((request) => request.url.searchParams.get('id'));
    expect(call?.url.searchParams.get('id')).toBe('eq.ad-9');
    expect(call?.url.searchParams.get('marketplace_id')).toBe(`eq.${MARKETPLACE}`);
  });

  it('says so when the deep-linked listing is gone', async () => {
    renderApp(LeadsMarketplaceOtherPage, {
      path: '/leads/marketplace/:leadsMarketplaceId',
      entry: `/leads/marketplace/${MARKETPLACE}?lead=lead-9&ad=ad-gone`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Annonsen du åpnet finnes ikke lenger');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
