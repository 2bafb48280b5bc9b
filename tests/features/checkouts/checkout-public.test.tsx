import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { readCheckout } from '@/features/checkouts/components/public/checkout-storage';
import type { PublicCheckout } from '@/features/checkouts/components/public/types';
import CheckoutPublicRoute from '@/features/checkouts/routes/checkout-public';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

const CHECKOUT_ID = 'c7000000-0000-4000-8000-0000000000aa';
const rpc = (name: string) => `${SUPABASE}/rest/v1/rpc/${name}`;
const payUrl = `${SUPABASE}/functions/v1/checkout-pay`;

const checkout = (overrides: Partial<PublicCheckout> = {}): PublicCheckout => ({
  id: CHECKOUT_ID,
  now: '2026-11-28T10:00:00Z',
  name: 'Service på varmepumpe',
  seller: { name: 'Fjord Rør AS', organization_number: '923609016', email: 'post@fjordror.no' },
  price_display: 'incl',
  business_fields: 'optional',
  bump: { heading: 'Ja, legg til et ekstra filter', text: 'Til neste sesong.' },
  custom_fields: [{ id: 'model', label: 'Modell', type: 'text', required: true }],
  thank_you: { heading: null, text: null },
  terms_text: 'Kjøpsvilkår: 14 dagers angrerett.',
  consent_text: 'Jeg har lest og godtar kjøpsvilkårene og angreretten.',
  marketing_consent_text: null,
  recovery: true,
  design: null,
  coupons: true,
  products: [
    {
      id: 'p-service',
      role: 'main',
      name: 'Service',
      description: 'Rens og kontroll.',
      price_ore: 149000,
      vat_rate: 25,
      image_media_id: null,
      image_path: null,
      image_alt: null,
      stock: 3,
      max_per_order: 5,
      quantity_editable: true,
    },
    {
      id: 'p-mat',
      role: 'main',
      name: 'Matkurv',
      description: null,
      price_ore: 11500,
      vat_rate: 15,
      image_media_id: null,
      image_path: null,
      image_alt: null,
      stock: null,
      max_per_order: 1,
      quantity_editable: false,
    },
    {
      id: 'p-filter',
      role: 'bump',
      name: 'Ekstra filter',
      description: null,
      price_ore: 24900,
      vat_rate: 25,
      image_media_id: null,
      image_path: null,
      image_alt: null,
      stock: null,
      max_per_order: 1,
      quantity_editable: false,
    },
  ],
  ...overrides,
});

const calls: { name: string; body: Record<string, unknown> }[] = [];
const record =
  (name: string) =>
  async ({ request }: { request: Request }) => {
    calls.push({ name, body: (await request.json()) as Record<string, unknown> });
  };

const server = setupMswServer(
  http.post(rpc('public_checkout'), () => HttpResponse.json(checkout())),
  http.post(rpc('record_checkout_visit'), async (info) => {
    await record('visit')(info);
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(rpc('start_checkout'), async (info) => {
    await record('start')(info);
    return HttpResponse.json({ session_id: 's-1', token: 'secret' });
  }),
  http.post(rpc('checkout_coupon'), async (info) => {
    await record('coupon')(info);
    const { input_code } = calls.at(-1)!.body as { input_code: string };
    return input_code.toUpperCase() === 'FJORD10'
      ? HttpResponse.json({ code: 'FJORD10', percent_off: 10, amount_off_ore: null })
      : HttpResponse.json({ message: 'checkout-coupon-invalid' }, { status: 400 });
  }),
  http.post(payUrl, async (info) => {
    await record('pay')(info);
    return HttpResponse.json({ error: { code: 'checkout-sold-out' } }, { status: 409 });
  }),
);

beforeEach(() => {
  sessionStorage.clear();
  calls.length = 0;
  window.history.pushState({}, '', `/kasse/${CHECKOUT_ID}?utm_source=nyhetsbrev`);
});

/** The amount beside a line of the summary. */
const amount = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

async function giveEmail(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Service på varmepumpe' })).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'kari@example.no');
  await user.click(
    screen.getByRole('checkbox', { name: 'Send meg en påminnelse om jeg ikke fullfører kjøpet' }),
  );
  await user.click(screen.getByRole('button', { name: 'Fortsett' }));
  await screen.findByRole('heading', { name: 'Bestillingen' });
}

describe('/kasse/:id', () => {
  it('names the page and the seller, counts one visit and writes the e-mail step with its source', async () => {
    const user = userEvent.setup();
    render(<CheckoutPublicRoute />);
    await waitFor(() => expect(document.title).toBe('Service på varmepumpe – Fjord Rør AS'));
    expect(screen.getByText('Org.nr. 923609016')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'post@fjordror.no' })).toHaveAttribute(
      'href',
      'mailto:post@fjordror.no',
    );
    await user.click(await screen.findByRole('button', { name: 'Fortsett' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'E-post' })).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'E-post' })).toHaveAccessibleDescription(
      /Skriv en gyldig e-postadresse/,
    );
    await giveEmail(user);
    expect(calls.filter((call) => call.name === 'visit')).toHaveLength(1);
    expect(calls.find((call) => call.name === 'visit')?.body).toMatchObject({
      input_checkout_id: CHECKOUT_ID,
      input_source: 'nyhetsbrev',
    });
    expect(calls.find((call) => call.name === 'start')?.body).toMatchObject({
      input_email: 'kari@example.no',
      input_recovery_opt_in: true,
      input_honeypot: '',
      input_utm: { source: 'nyhetsbrev' },
    });
    expect(JSON.parse(sessionStorage.getItem(`leadtorget:checkout:${CHECKOUT_ID}`) ?? '{}')).toMatchObject({
      sessionId: 's-1',
      email: 'kari@example.no',
    });
  });

  it('adds up quantities, the bump and a code, with MVA per rate', async () => {
    const user = userEvent.setup();
    render(<CheckoutPublicRoute />);
    await giveEmail(user);
    expect(screen.getByText('Bare 3 igjen')).toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Flere av Service' });
    await user.click(more);
    await user.click(more);
    expect(more).toBeDisabled(); // only 3 left
    await user.click(screen.getByRole('checkbox', { name: /Ja, legg til et ekstra filter/ }));
    // 3 × 1 490 + 115 + 249 = 4 834 kr
    expect(amount('Å betale')).toBe('4\u00a0834,00\u00a0kr');

    await user.click(screen.getByText('Har du en rabattkode?'));
    await user.type(screen.getByRole('textbox', { name: 'Rabattkode' }), 'feil');
    await user.click(screen.getByRole('button', { name: 'Bruk koden' }));
    expect(
      await screen.findByText('Rabattkoden finnes ikke. Sjekk at den er skrevet riktig.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Rabattkode' })).toHaveValue('feil');
    await user.clear(screen.getByRole('textbox', { name: 'Rabattkode' }));
    await user.type(screen.getByRole('textbox', { name: 'Rabattkode' }), 'fjord10');
    await user.click(screen.getByRole('button', { name: 'Bruk koden' }));
    expect(await screen.findByText('Rabattkoden FJORD10 gir 483,40 kr i rabatt.')).toBeInTheDocument();
    // 4 834,00 − 483,40 = 4 350,60; MVA 25 % of 4 470 − 447 and 249 − 24,90; 15 % of 115 − 11,50
    expect(amount('Rabatt (FJORD10)')).toBe('−483,40\u00a0kr');
    expect(amount('Å betale')).toBe('4\u00a0350,60\u00a0kr');
    expect(amount('Herav mva. (25 %)')).toBe('849,42\u00a0kr');
    expect(amount('Herav mva. (15 %)')).toBe('13,50\u00a0kr');
  });

  it('refuses missing details at the fields and keeps everything after the server refuses', async () => {
    const user = userEvent.setup();
    render(<CheckoutPublicRoute />);
    await giveEmail(user);
    await user.type(screen.getByRole('textbox', { name: 'Organisasjonsnummer (valgfritt)' }), '923 609 017');
    await user.click(screen.getByRole('button', { name: /Gå til betaling/ }));
    const name = screen.getByRole('textbox', { name: 'Navn' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Fyll ut feltet.');
    expect(
      screen.getByRole('textbox', { name: 'Organisasjonsnummer (valgfritt)' }),
    ).toHaveAccessibleDescription('Organisasjonsnummeret er ikke gyldig. Sjekk sifrene.');
    expect(screen.getByRole('checkbox', { name: /Jeg har lest og godtar/ })).toHaveAccessibleDescription(
      'Du må godta kjøpsvilkårene for å betale.',
    );
    expect(calls.filter((call) => call.name === 'pay')).toHaveLength(0);

    await user.type(name, 'Kari Nordmann');
    await user.clear(screen.getByRole('textbox', { name: 'Organisasjonsnummer (valgfritt)' }));
    await user.type(screen.getByRole('textbox', { name: 'Organisasjonsnummer (valgfritt)' }), '923 609 016');
    await user.type(screen.getByRole('textbox', { name: 'Modell' }), 'Mitsubishi');
    await user.click(screen.getByRole('checkbox', { name: /Jeg har lest og godtar/ }));
    await user.click(screen.getByRole('button', { name: /Gå til betaling/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Beklager, det er ikke nok igjen på lager.');
    const pay = calls.find((call) => call.name === 'pay')!.body;
    expect(pay).toMatchObject({
      action: 'start',
      sessionId: 's-1',
      sessionToken: 'secret',
      items: [
        { productId: 'p-service', quantity: 1 },
        { productId: 'p-mat', quantity: 1 },
      ],
      bump: false,
      buyer: { name: 'Kari Nordmann', organizationNumber: '923609016' },
      answers: { model: 'Mitsubishi' },
      consent: true,
    });
    // A refusal ends the attempt: the next one gets a new request id.
    expect(readCheckout(CHECKOUT_ID).requestId).toBeUndefined();
    expect(screen.getByRole('textbox', { name: 'Navn' })).toHaveValue('Kari Nordmann');
    expect(screen.getByRole('textbox', { name: 'Modell' })).toHaveValue('Mitsubishi');
    expect(screen.getByRole('checkbox', { name: /Jeg har lest og godtar/ })).toBeChecked();
  });

  it('keeps the attempt id when the answer is lost, so trying again cannot pay twice', async () => {
    server.use(
      http.post(payUrl, async (info) => {
        await record('pay')(info);
        return HttpResponse.error();
      }),
    );
    const user = userEvent.setup();
    render(<CheckoutPublicRoute />);
    await giveEmail(user);
    await user.type(screen.getByRole('textbox', { name: 'Navn' }), 'Kari');
    await user.type(screen.getByRole('textbox', { name: 'Modell' }), 'X');
    await user.click(screen.getByRole('checkbox', { name: /Jeg har lest og godtar/ }));
    await user.click(screen.getByRole('button', { name: /Gå til betaling/ }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: /Gå til betaling/ }));
    await waitFor(() => expect(calls.filter((call) => call.name === 'pay')).toHaveLength(2));
    const [first, second] = calls.filter((call) => call.name === 'pay');
    expect(first!.body.requestId).toEqual(expect.any(String));
    expect(second!.body.requestId).toBe(first!.body.requestId);
  });

  it("shows a product's picture through a public-media link, with the library's text", async () => {
    const path = 'org/media/web.webp';
    server.use(
      http.post(rpc('public_checkout'), () =>
        HttpResponse.json(
          checkout({
            products: [{ ...checkout().products[0]!, image_path: path, image_alt: 'Varmepumpe på vegg' }],
          }),
        ),
      ),
      http.post(`${SUPABASE}/functions/v1/public-media`, async ({ request }) => {
        const { paths } = (await request.json()) as { paths: string[] };
        return HttpResponse.json({
          links: paths.map((p) => ({ path: p, url: `/object/sign/${p}?token=t` })),
        });
      }),
    );
    const user = userEvent.setup();
    render(<CheckoutPublicRoute />);
    await giveEmail(user);
    const image = await screen.findByRole('img', { name: 'Varmepumpe på vegg' });
    expect(image).toHaveAttribute('src', `${SUPABASE}/storage/v1/object/sign/${path}?token=t`);
  });
});
