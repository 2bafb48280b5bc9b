import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { dateKeyText } from '@/components/date-parse';
import { clearNotifications, getNotifications } from '@/components/notification-store';
import LeadInfoPage from '@/features/leads/routes/lead-info';
import { containsContactDetails } from '@/features/leads/utils/form-values';
import { nextDateKey, osloDayStart, osloDateKey } from '@/lib/format';
import { parseKronerToOre } from '@/lib/kroner';
import { leadRow } from '../../factories/lead';
import { leadInfoHandlers, leadInfoState, leadListing, purchasedLead } from '../../msw/handlers/leads';
import { record, single, type Recorded } from '../../msw/rest';
import { setupMswServer } from '../../msw/server';
import { MARKETPLACE, ORG, OTHER_ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { SUPABASE, signIn } from '../../support/session';

const requests: Recorded[] = [];
/** Calls of the notify-listing function (kept apart from the table requests). */
const notifyCalls: Recorded[] = [];
/** Lets fire-and-forget requests (notify-listing) reach the handlers before asserting there were none. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const inDays = (days: number) => osloDateKey(Date.now() + days * 86_400_000);
let state = leadInfoState();

const server = setupMswServer(...leadInfoHandlers(() => state, requests, notifyCalls));

beforeAll(async () => {
  await prepareI18n('leads');
});
beforeEach(() => {
  requests.length = 0;
  notifyCalls.length = 0;
  state = leadInfoState();
  clearNotifications();
  signIn();
});

const open = async () => {
  const view = renderApp(LeadInfoPage, { path: '/leads/lead/:leadId', entry: '/leads/lead/lead-1' });
  await screen.findByRole('heading', { level: 1, name: 'Ola Nordmann' });
  return view;
};

describe('/leads/lead/{leadId}', () => {
  it('shows the details and a history of import, listing and purchase', async () => {
    await open();
    expect(screen.getByRole('link', { name: 'ola@example.no' })).toHaveAttribute(
      'href',
      'mailto:ola@example.no',
    );
    expect(screen.getByRole('link', { name: '+47 912 34 567' })).toHaveAttribute('href', 'tel:+4791234567');
    const region = screen.getByRole('region', { name: 'Historikk' });
    let history: HTMLElement[] = [];
    await waitFor(() => {
      history = within(region).getAllByRole('listitem');
      expect(history).toHaveLength(5);
    });
    expect(history.map((item) => item.textContent)).toEqual([
      '21.11.2026, 16:00: Notater endret',
      '21.11.2026, 15:00: Status endret: Ny → Kontaktet',
      '21.11.2026, 13:00: Kjøpt (klipp)',
      '21.11.2026, 11:00: Annonsert på Leadtorget',
      '20.11.2026, 10:30: Importert',
    ]);
    const table = await screen.findByRole('table', { name: 'Annonser for dette leadet' });
    expect(within(table).getByText('1 av 3')).toBeVisible();
    expect(within(table).getByText(/2 klipp · 499,00\skr/)).toBeVisible();
  });

  it('shows another organization’s lead read-only (a claims admin reads every lead)', async () => {
    state.lead = leadRow({ organization_id: OTHER_ORG });
    await open();
    expect(screen.getByText(/Leadet tilhører en annen organisasjon/)).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annonser leadet' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Notater')).not.toBeInTheDocument();
  });

  it('shows a buyer what it bought and its own status and notes, nothing of the seller’s record', async () => {
    server.use(
      // The seller's row is not the buyer's to read.
      http.get(`${SUPABASE}/rest/v1/leads`, ({ request }) =>
        request.headers.get('Accept')?.includes('vnd.pgrst.object')
          ? HttpResponse.json({ code: 'PGRST116', message: 'no rows' }, { status: 406 })
          : HttpResponse.json([]),
      ),
      http.get(`${SUPABASE}/rest/v1/purchased_leads`, async ({ request }) => {
        await record(requests, request);
        return single(request, purchasedLead);
      }),
      http.post(`${SUPABASE}/rest/v1/purchased_leads_notes`, async ({ request }) => {
        await record(requests, request);
        return single(request, { purchase_id: 'purchase-1' });
      }),
    );
    await open();
    const purchaseRequest = requests.find((request) => request.url.pathname.endsWith('/purchased_leads'))!;
    expect(purchaseRequest.url.searchParams.get('id')).toBe('eq.lead-1');
    expect(purchaseRequest.url.searchParams.get('organization_id')).toBe(`eq.${ORG}`);
    expect(screen.queryByRole('region', { name: /bedt om å bli slettet/ })).toBeNull();

    expect(
      screen.getByText(/^Organisasjonen din kjøpte leadet .* på Leadtorget for 2 klipp\.$/),
    ).toBeVisible();
    const contact = screen.getByRole('region', { name: 'Kontaktinformasjon' });
    expect(within(contact).getByRole('link', { name: 'ola@example.no' })).toHaveAttribute(
      'href',
      'mailto:ola@example.no',
    );
    expect(within(contact).getByText('0150 Oslo')).toBeVisible();
    const listingPart = screen.getByRole('region', { name: 'Annonsen dere kjøpte' });
    expect(within(listingPart).getByText('Bad skal pusses opp')).toBeVisible();
    expect(within(listingPart).getByText('Totalrenovering, ca. 6 m²')).toBeVisible();
    // None of the seller's record: no consent, source, history, listings or advertising.
    expect(screen.queryByText('Samtykke')).not.toBeInTheDocument();
    expect(screen.queryByText('Kilde')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Historikk' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Annonser for dette leadet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annonser leadet' })).not.toBeInTheDocument();
    expect(
      requests.some((request) =>
        /\/(advertised_leads|leads_purchases|leads_events)$/.test(request.url.pathname),
      ),
    ).toBe(false);

    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('contacted');
    await userEvent.selectOptions(status, 'Tilbud sendt');
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'POST')!.body).toEqual({
      purchase_id: 'purchase-1',
      organization_id: ORG,
      status: 'quoted',
    });

    const notes = screen.getByLabelText('Notater');
    expect(notes).toHaveValue('Våre notater');
    await userEvent.clear(notes);
    await userEvent.type(notes, 'Ringt, venter på svar');
    await userEvent.click(screen.getByRole('button', { name: 'Lagre notater' }));
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain('Notatene er lagret.'),
    );
    const saved = requests.filter((request) => request.method === 'POST').at(-1)!;
    expect(saved.url.searchParams.get('on_conflict')).toBe('purchase_id');
    expect(saved.body).toEqual({
      purchase_id: 'purchase-1',
      organization_id: ORG,
      notes: 'Ringt, venter på svar',
    });
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('tells a buyer when the person behind a bought lead asked the seller to erase their data', async () => {
    server.use(
      http.get(`${SUPABASE}/rest/v1/leads`, ({ request }) =>
        request.headers.get('Accept')?.includes('vnd.pgrst.object')
          ? HttpResponse.json({ code: 'PGRST116', message: 'no rows' }, { status: 406 })
          : HttpResponse.json([]),
      ),
      http.get(`${SUPABASE}/rest/v1/purchased_leads`, ({ request }) =>
        single(request, { ...purchasedLead, erasure_requested_at: '2026-12-03T09:00:00Z' }),
      ),
    );
    await open();
    const panel = await screen.findByRole('region', { name: 'Personen har bedt om å bli slettet' });
    expect(panel).toBeVisible();
    expect(
      within(panel).getByText('Den 3. desember 2026 ba personen selgeren om å slette opplysningene sine.'),
    ).toBeVisible();
    expect(panel).toHaveTextContent(
      'Slett opplysningene hos dere også og slutt å bruke dem, med mindre dere har et eget lovlig grunnlag for å beholde dem. Selgeren kan ikke gi dere flere opplysninger om personen eller forespørselen.',
    );
    // Before the contact details: the first thing the buyer reads after the title.
    const contact = screen.getByRole('heading', { name: 'Kontaktinformasjon' });
    expect(panel.compareDocumentPosition(contact) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('warns about contact details in the teaser and enforces price, buyers and expiry rules', async () => {
    await open();
    const title = await screen.findByLabelText('Tittel (teaser)');
    await userEvent.type(title, 'Bad pusses opp, ring 912 34 567');
    expect(screen.getByRole('status')).toHaveTextContent(/inneholde kontaktinformasjon/);
    await userEvent.type(screen.getByLabelText('Beskrivelse (teaser)'), 'Kontakt ola@example.no');
    const tickets = screen.getByLabelText('Pris i klipp');
    await userEvent.clear(tickets);
    await userEvent.type(tickets, '0');
    await userEvent.clear(screen.getByLabelText('Pris i kroner (kort)'));
    const buyers = screen.getByLabelText('Antall kjøpere');
    await userEvent.clear(buyers);
    await userEvent.type(buyers, '0');
    const expires = screen.getByLabelText('Gjelder til og med');
    await userEvent.clear(expires);
    await userEvent.type(expires, dateKeyText(inDays(-1)));
    await userEvent.click(screen.getByRole('button', { name: 'Annonser leadet' }));

    expect(title).toHaveAccessibleDescription(/inneholde kontaktinformasjon/);
    expect(screen.getByRole('alert')).toHaveTextContent('Sett minst én pris over 0.');
    expect(buyers).toHaveAccessibleDescription(/fra 1 til 100/);
    expect(expires).toHaveAccessibleDescription(/fra i morgen/);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    // Nothing typed is lost.
    expect(title).toHaveValue('Bad pusses opp, ring 912 34 567');

    await userEvent.clear(title);
    await userEvent.type(title, 'Bad på 8 m² skal pusses opp i 2027');
    await userEvent.clear(screen.getByLabelText('Beskrivelse (teaser)'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Pris i kroner (kort)'), '249,50');
    await userEvent.clear(buyers);
    await userEvent.type(buyers, '1');
    await userEvent.clear(expires);
    await userEvent.type(expires, dateKeyText(inDays(14)));
    await userEvent.click(screen.getByRole('button', { name: 'Annonser leadet' }));

    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain('Leadet er annonsert.'),
    );
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({
      lead_id: 'lead-1',
      organization_id: ORG,
      marketplace_id: MARKETPLACE,
      title: 'Bad på 8 m² skal pusses opp i 2027',
      description: null,
      category: 'Rørlegger',
      area: 'Oslo',
      price_tickets: 0,
      price_credits: 0,
      price_ore: 24_950,
      max_buyers: 1,
      expires_at: osloDayStart(nextDateKey(inDays(14))).toISOString(),
      status: 'active',
    });
    // The new listing is announced to the marketplace's members (notify-listing), with the user's JWT.
    await waitFor(() => expect(notifyCalls).toHaveLength(1));
    expect(notifyCalls[0]!.body).toEqual({ advertisedLeadId: 'ad-2' });
    expect(notifyCalls[0]!.headers.get('Authorization')).toMatch(/^Bearer \S+/);
  });

  it('advertises even when the notification function fails', async () => {
    server.use(
      http.post(`${SUPABASE}/functions/v1/notify-listing`, async ({ request }) => {
        await record(notifyCalls, request);
        return HttpResponse.json({ error: { code: 'unknown' } }, { status: 500 });
      }),
    );
    await open();
    await userEvent.type(await screen.findByLabelText('Tittel (teaser)'), 'Nytt bad i Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Annonser leadet' }));
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain('Leadet er annonsert.'),
    );
    await waitFor(() => expect(notifyCalls).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('waits for the category and area lists before advertising, so the lead’s own are not lost', async () => {
    let sendAreas!: () => void;
    const areasSent = new Promise<void>((resolve) => {
      sendAreas = resolve;
    });
    server.use(
      http.get(`${SUPABASE}/rest/v1/areas`, async () => {
        await areasSent;
        return HttpResponse.json(['Hele landet', 'Oslo', 'Vestland'].map((name) => ({ name })));
      }),
    );
    await open();
    await userEvent.type(await screen.findByLabelText('Tittel (teaser)'), 'Nytt bad i Oslo');
    const submit = screen.getByRole('button', { name: 'Annonser leadet' });
    expect(submit).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(submit);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    sendAreas();
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-busy'));
    await userEvent.click(submit);
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.body).toMatchObject({ category: 'Rørlegger', area: 'Oslo' });
  });

  it('says so when the lead already has an open listing on the marketplace', async () => {
    server.use(
      http.post(`${SUPABASE}/rest/v1/advertised_leads`, () =>
        HttpResponse.json({ code: '23505', message: 'duplicate key' }, { status: 409 }),
      ),
    );
    await open();
    await userEvent.type(await screen.findByLabelText('Tittel (teaser)'), 'Nytt bad i Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Annonser leadet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Leadet har allerede en åpen annonse på denne markedsplassen.',
    );
    expect(notifyCalls).toHaveLength(0);
  });

  it('asks for the seller’s confirmation before advertising a lead without consent', async () => {
    state.lead = leadRow({ consent: false });
    await open();
    expect(await screen.findByText(/^Leadet er ikke registrert med samtykke til deling\./)).toBeVisible();
    const confirmation = screen.getByRole('checkbox', {
      name: 'Jeg bekrefter at personen har samtykket til at kontaktinformasjonen deles med kjøpere på markedsplassen.',
    });
    expect(confirmation).not.toBeChecked();
    await userEvent.type(screen.getByLabelText('Tittel (teaser)'), 'Nytt bad i Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Annonser leadet' }));
    expect(confirmation).toHaveAccessibleDescription('Bekreft samtykket før du annonserer leadet.');
    expect(confirmation).toBeInvalid();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await userEvent.click(confirmation);
    await userEvent.click(screen.getByRole('button', { name: 'Annonser leadet' }));
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain('Leadet er annonsert.'),
    );
    const body = requests.find((request) => request.method === 'POST')!.body as Record<string, unknown>;
    // The client asks; the database stores its own time and the caller.
    expect(typeof body.consent_confirmed_at).toBe('string');
    expect(body).not.toHaveProperty('consent_confirmed_by');
  });

  it('shows the database’s consent refusal with the catalogue’s message', async () => {
    server.use(
      http.post(`${SUPABASE}/rest/v1/advertised_leads`, () =>
        HttpResponse.json({ code: 'P0001', message: 'lead-consent-required' }, { status: 400 }),
      ),
    );
    await open();
    expect(screen.queryByRole('checkbox', { name: /samtykket/ })).not.toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('Tittel (teaser)'), 'Nytt bad i Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Annonser leadet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Leadet mangler samtykke til deling. Bekreft at personen har samtykket før du annonserer det.',
    );
  });

  it('says an exclusively sold lead cannot be advertised again, and offers no form', async () => {
    state.listings = [leadListing({ max_buyers: 1, buyers_count: 1, status: 'sold_out' })];
    state.supply = { sold: 1, promised: 1, remaining: 0, sold_exclusively: true };
    await open();
    const section = screen.getByRole('region', { name: 'Annonser på en markedsplass' });
    expect(
      await within(section).findByText(
        'Leadet er solgt eksklusivt og kan ikke annonseres igjen. Kjøperen fikk løfte om å være den eneste som får det.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Annonser leadet' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Tittel (teaser)')).not.toBeInTheDocument();
    expect(
      within(section).getByRole('heading', { level: 2, name: 'Annonser på en markedsplass' }),
    ).toBeVisible();
  });

  it('says a shared lead sold to all it promised cannot be advertised again', async () => {
    state.supply = { sold: 3, promised: 3, remaining: 0, sold_exclusively: false };
    await open();
    expect(
      await screen.findByText(
        'Leadet er solgt til 3 kjøpere, så mange som annonsene lovet. Det kan ikke annonseres igjen.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Annonser leadet' })).not.toBeInTheDocument();
  });

  it('advertises a shared lead again only for the buyers that remain', async () => {
    state.listings = [leadListing({ status: 'withdrawn' })];
    state.supply = { sold: 1, promised: 3, remaining: 2, sold_exclusively: false };
    await open();
    expect(
      await screen.findByText(
        'Leadet er solgt til 1 av høyst 3 kjøpere. Du kan annonsere det for de 2 som gjenstår, men ikke som eksklusivt.',
      ),
    ).toBeVisible();
    const buyers = screen.getByLabelText('Antall kjøpere');
    expect(buyers).toHaveValue('2');
    expect(buyers).toHaveAccessibleDescription('Høyst 2: leadet er lovet til bare 2 kjøpere til.');
    await userEvent.type(screen.getByLabelText('Tittel (teaser)'), 'Nytt bad i Oslo');
    await userEvent.clear(buyers);
    await userEvent.type(buyers, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Annonser leadet' }));
    expect(buyers).toHaveAccessibleDescription(/Antall kjøpere må være et helt tall fra 1 til 2\./);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await userEvent.clear(buyers);
    await userEvent.type(buyers, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Annonser leadet' }));
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain('Leadet er annonsert.'),
    );
    expect(requests.find((request) => request.method === 'POST')!.body).toMatchObject({ max_buyers: 2 });
  });

  it('shows the database’s refusal when a sale came in since the page loaded, and then why', async () => {
    let supplyReads = 0;
    server.use(
      http.post(`${SUPABASE}/rest/v1/rpc/lead_supply`, ({ request }) => {
        supplyReads += 1;
        return single(
          request,
          supplyReads === 1 ? state.supply : { sold: 1, promised: 1, remaining: 0, sold_exclusively: true },
        );
      }),
      http.post(`${SUPABASE}/rest/v1/advertised_leads`, () =>
        HttpResponse.json(
          { code: 'P0001', message: 'lead-already-sold-exclusively', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    await open();
    await userEvent.type(await screen.findByLabelText('Tittel (teaser)'), 'Nytt bad i Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Annonser leadet' }));
    // The form gives way to the explanation once the figures are read again.
    expect(
      await screen.findByText(
        'Leadet er solgt eksklusivt og kan ikke annonseres igjen. Kjøperen fikk løfte om å være den eneste som får det.',
      ),
    ).toBeVisible();
    expect(supplyReads).toBe(2);
    expect(notifyCalls).toHaveLength(0);
  });

  it('explains a refused resume with the catalogue’s message', async () => {
    state.listings = [leadListing({ status: 'paused' })];
    server.use(
      http.patch(`${SUPABASE}/rest/v1/advertised_leads`, () =>
        HttpResponse.json({ code: 'P0001', message: 'lead-listed-elsewhere' }, { status: 400 }),
      ),
    );
    await open();
    const table = await screen.findByRole('table', { name: 'Annonser for dette leadet' });
    await userEvent.click(within(table).getByRole('button', { name: /^Gjenoppta/ }));
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain(
        'Leadet er allerede til salgs på en annen markedsplass. Sett den annonsen på pause eller trekk den tilbake først, så ingen kjøper får flere medkjøpere enn annonsen lovet.',
      ),
    );
  });

  it('counts the lead’s earlier buyers in a listing’s «solgt»', async () => {
    state.listings = [leadListing({ earlier_buyers: 1, max_buyers: 2, buyers_count: 1 })];
    await open();
    const table = await screen.findByRole('table', { name: 'Annonser for dette leadet' });
    expect(within(table).getByRole('cell', { name: '2 av 3' })).toBeVisible();
  });

  it('pauses, and withdraws after confirmation', async () => {
    await open();
    const table = await screen.findByRole('table', { name: 'Annonser for dette leadet' });
    await userEvent.click(within(table).getByRole('button', { name: /^Pause/ }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.url.searchParams.get('id')).toBe('eq.ad-1');
    expect(requests[0]!.body).toEqual({ status: 'paused' });

    await userEvent.click(within(table).getByRole('button', { name: /^Trekk tilbake/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Annonsen forsvinner fra Leadtorget.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Trekk tilbake' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.body).toEqual({ status: 'withdrawn' });
    expect(getNotifications().map((item) => item.message)).toContain('Annonsen er trukket tilbake.');
    // Neither pausing nor withdrawing announces anything.
    await settle();
    expect(notifyCalls).toHaveLength(0);
  });

  it('offers resume for a paused listing and nothing for a withdrawn one; members cannot manage', async () => {
    state.listings = [leadListing({ status: 'paused' }), leadListing({ id: 'ad-0', status: 'withdrawn' })];
    await open();
    const table = await screen.findByRole('table', { name: 'Annonser for dette leadet' });
    expect(
      within(table)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Gjenoppta', 'Trekk tilbake']);
    await userEvent.click(within(table).getByRole('button', { name: /^Gjenoppta/ }));
    await waitFor(() => expect(requests[0]?.body).toEqual({ status: 'active' }));
    // Active now: the listing is announced (the server claims it once; an announced one answers sent: 0).
    await waitFor(() => expect(notifyCalls).toHaveLength(1));
    expect(notifyCalls[0]!.body).toEqual({ advertisedLeadId: 'ad-1' });
    expect(notifyCalls[0]!.headers.get('Authorization')).toMatch(/^Bearer \S+/);
    expect(getNotifications().map((item) => item.message)).toContain('Annonsen er aktiv igjen.');
  });

  it('does not announce when resuming fails', async () => {
    server.use(
      http.patch(`${SUPABASE}/rest/v1/advertised_leads`, async ({ request }) => {
        await record(requests, request);
        return HttpResponse.json({ code: '42501', message: 'permission denied' }, { status: 403 });
      }),
    );
    state.listings = [leadListing({ status: 'paused' })];
    await open();
    const table = await screen.findByRole('table', { name: 'Annonser for dette leadet' });
    await userEvent.click(within(table).getByRole('button', { name: /^Gjenoppta/ }));
    await waitFor(() => expect(requests).toHaveLength(1));
    await waitFor(() => expect(getNotifications().some((item) => item.tone === 'error')).toBe(true));
    await settle();
    expect(notifyCalls).toHaveLength(0);
  });

  it('saves a listing paused without announcing it', async () => {
    await open();
    await userEvent.type(await screen.findByLabelText('Tittel (teaser)'), 'Nytt bad i Oslo');
    const paused = screen.getByRole('checkbox', { name: /Lagre annonsen pauset/ });
    expect(paused).not.toBeChecked();
    await userEvent.click(paused);
    expect(screen.queryByRole('button', { name: 'Annonser leadet' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Lagre pauset annonse' }));
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain(
        'Annonsen er lagret pauset. Gjenoppta den når den skal ut på markedsplassen.',
      ),
    );
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.body).toMatchObject({ title: 'Nytt bad i Oslo', status: 'paused' });
    await settle();
    expect(notifyCalls).toHaveLength(0);
  });

  it('lets a member change status and notes but not advertise', async () => {
    state.role = 'member';
    await open();
    expect(await screen.findByText('Bare eieren og administratorer kan annonsere leads.')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Notater'), 'Ringte, ba om tilbud');
    await userEvent.click(screen.getByRole('button', { name: 'Lagre notater' }));
    await waitFor(() => expect(requests[0]?.body).toEqual({ notes: 'Ringte, ba om tilbud' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Tilbud sendt');
    await waitFor(() => expect(requests[1]?.body).toEqual({ status: 'quoted' }));
  });
});

describe('teaser and price helpers', () => {
  it('finds e-mails and phone numbers but allows postal codes, years and prices', () => {
    expect(containsContactDetails('Ring 91234567')).toBe(true);
    expect(containsContactDetails('tlf +47 912 34 567')).toBe(true);
    expect(containsContactDetails('tlf 22-33-44-55')).toBe(true);
    expect(containsContactDetails('skriv til ola.n@firma.no')).toBe(true);
    expect(containsContactDetails('Bad i 0150 Oslo, 2027, ca 150 000 kr')).toBe(false);
    expect(parseKronerToOre('1 249,5')).toBe(124_950);
    expect(parseKronerToOre('12kr')).toBe(1200);
    expect(parseKronerToOre('12,345')).toBeNull();
    expect(parseKronerToOre('-5')).toBeNull();
  });

  it('finds the start of an Oslo day in summer and winter', () => {
    expect(osloDayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(osloDayStart('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(osloDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });
});
