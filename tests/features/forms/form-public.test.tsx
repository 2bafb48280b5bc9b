import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import FormPublicRoute from '@/features/forms/routes/form-public';
import contact from '../../fixtures/forms/kontakt-oss.json';
import quote from '../../fixtures/forms/tilbudsforesporsel.json';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

const FORM_ID = 'cf000000-0000-4000-8000-0000000000aa';
const VERSION_ID = 'cf000000-0000-4000-8000-0000000000e1';
const rpc = (name: string) => `${SUPABASE}/rest/v1/rpc/${name}`;
const submitUrl = `${SUPABASE}/functions/v1/submit-form`;

const publicForm = (overrides: Record<string, unknown> = {}) => ({
  id: FORM_ID,
  name: 'Kontakt oss',
  organization_name: 'Fjord Rør AS',
  status: 'open',
  now: '2026-11-28T10:00:00Z',
  opens_at: null,
  closes_at: null,
  closed_message: null,
  display_mode: 'classic',
  one_per_email: false,
  version_id: VERSION_ID,
  version: 1,
  definition: contact,
  rules_text: null,
  consent_text: 'Jeg godtar at Fjord Rør AS lagrer svarene mine.',
  marketing_consent_text: 'Ja takk, send meg tips og tilbud fra Fjord Rør AS på e-post.',
  design: null,
  background: null,
  quotas: [],
  ...overrides,
});

const progress: unknown[] = [];
const submitted: Record<string, unknown>[] = [];
const server = setupMswServer(
  http.post(rpc('form_public'), () => HttpResponse.json(publicForm())),
  http.post(rpc('track_form_progress'), async ({ request }) => {
    progress.push(await request.json());
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(submitUrl, async ({ request }) => {
    submitted.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json({
      ending: { id: 'e_takk', title: 'Takk, Kari!', text: 'Vi svarer deg på kari@example.no.' },
    });
  }),
);

beforeEach(() => {
  sessionStorage.clear();
  progress.length = 0;
  submitted.length = 0;
  window.history.pushState({}, '', `/skjema/${FORM_ID}?utm_source=nyhetsbrev`);
});

describe('/skjema/:id', () => {
  it('refuses empty required fields at the fields, focusing the first, and keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<FormPublicRoute />);
    expect(screen.getByRole('status')).toHaveTextContent('Laster skjemaet …');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kontakt oss' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Kontakt oss – Fjord Rør AS'));
    await user.type(screen.getByRole('textbox', { name: /E-post/ }), 'ikke-epost');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const name = screen.getByRole('textbox', { name: /Navn/ });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Dette må fylles ut.');
    expect(screen.getByRole('textbox', { name: /E-post/ })).toHaveAccessibleDescription(
      'Skriv en gyldig e-postadresse, for eksempel navn@firma.no.',
    );
    expect(screen.getByRole('textbox', { name: /E-post/ })).toHaveValue('ikke-epost');
    expect(submitted).toHaveLength(0);
    expect(JSON.parse(sessionStorage.getItem(`leadtorget:form:${FORM_ID}`) ?? '{}')).toMatchObject({
      b_epost: 'ikke-epost',
    });
  });

  it('shows a block when its rule holds, pipes the name, sends the visible answers and shows the ending', async () => {
    const user = userEvent.setup();
    render(<FormPublicRoute />);
    await user.type(await screen.findByRole('textbox', { name: /Navn/ }), 'Kari');
    expect(screen.getByRole('group', { name: /Hva gjelder det, Kari\?/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Fakturanummer/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Faktura' }));
    await user.type(screen.getByRole('textbox', { name: /Fakturanummer/ }), '10042');
    await user.click(screen.getByRole('radio', { name: 'Et spørsmål' }));
    expect(screen.queryByRole('textbox', { name: /Fakturanummer/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /E-post/ }), 'kari@example.no');
    await user.type(screen.getByRole('textbox', { name: /Melding/ }), 'Hei!');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // An e-mail needs the participation consent, in the campaign's words.
    const consent = screen.getByRole('checkbox', { name: 'Jeg godtar at Fjord Rør AS lagrer svarene mine.' });
    await waitFor(() => expect(consent).toHaveFocus());
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('heading', { name: 'Takk, Kari!' })).toHaveFocus();
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toMatchObject({
      formId: FORM_ID,
      versionId: VERSION_ID,
      consent: true,
      honeypot: '',
      hidden: { utm_source: 'nyhetsbrev', page: `${window.location.origin}/skjema/${FORM_ID}` },
    });
    // The invoice number typed before the choice changed is not sent.
    expect(submitted[0]!.answers).toEqual({
      b_navn: 'Kari',
      b_emne: { choices: ['o_sporsmal'] },
      b_epost: 'kari@example.no',
      b_melding: 'Hei!',
    });
    expect(sessionStorage.getItem(`leadtorget:form:${FORM_ID}`)).toBeNull();
    expect(progress).toContainEqual(
      expect.objectContaining({ input_form_id: FORM_ID, input_page_id: 'p_kontakt' }),
    );
  });

  it('shows the server’s field errors at their fields', async () => {
    server.use(
      http.post(submitUrl, () =>
        HttpResponse.json(
          {
            error: {
              code: 'form-answers-invalid',
              errors: [{ blockId: 'b_melding', code: 'too_long', max: '5 000' }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    render(<FormPublicRoute />);
    await user.type(await screen.findByRole('textbox', { name: /Navn/ }), 'Kari');
    await user.click(screen.getByRole('radio', { name: 'Et spørsmål' }));
    await user.type(screen.getByRole('textbox', { name: /E-post/ }), 'kari@example.no');
    await user.type(screen.getByRole('textbox', { name: /Melding/ }), 'Hei');
    await user.click(screen.getByRole('checkbox', { name: /lagrer svarene mine/ }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const message = screen.getByRole('textbox', { name: /Melding/ });
    await waitFor(() => expect(message).toHaveAccessibleDescription('Svaret kan ha høyst 5 000 tegn.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Rett opp feltene som er merket, og prøv igjen.');
  });

  it('shows the closed message of a closed form', async () => {
    server.use(
      http.post(rpc('form_public'), () =>
        HttpResponse.json(publicForm({ status: 'closed', closed_message: 'Ring oss på 55 12 34 56.' })),
      ),
    );
    render(<FormPublicRoute />);
    expect(await screen.findByText('Ring oss på 55 12 34 56.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('one question at a time: Enter goes on, the condition jumps a page, «Tilbake» returns', async () => {
    server.use(
      http.post(rpc('form_public'), () =>
        HttpResponse.json(
          publicForm({ name: 'Tilbudsforespørsel', display_mode: 'one_at_a_time', definition: quote }),
        ),
      ),
    );
    const user = userEvent.setup();
    render(<FormPublicRoute />);
    await user.click(await screen.findByRole('button', { name: 'Neste' }));
    const kitchen = screen.getByRole('radio', { name: 'Kjøkken' });
    await user.click(kitchen);
    await user.keyboard('{Enter}');
    await user.selectOptions(await screen.findByRole('combobox', { name: /Når ønsker du/ }), 'o_maned');
    await user.keyboard('{Enter}');
    const postcode = await screen.findByRole('textbox', { name: /Postnummer/ });
    await waitFor(() => expect(postcode).toHaveFocus());
    await user.type(postcode, '5003{Enter}');
    // «Kjøkken» skips the bathroom page.
    expect(await screen.findByText(/Side 2 av 2/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Navn/ })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Tilbake' }));
    expect(await screen.findByRole('textbox', { name: /Postnummer/ })).toHaveValue('5003');
  });
});
