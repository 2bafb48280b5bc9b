import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PopupEditPage from '@/features/popups/routes/popup-edit';
import { POPUP, POPUP_VARIANT_B } from '../../factories/popup';
import {
  newPopupEditorState,
  popupEditorHandlers,
  type PopupEditorState,
} from '../../msw/handlers/popup-editor';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: PopupEditorState = newPopupEditorState();
setupMswServer(...popupEditorHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('popups', 'popups-editor', 'popup-errors', 'campaign-errors');
});
beforeEach(() => {
  state = newPopupEditorState();
  signIn();
});

const open = (section = 'content') =>
  renderApp(PopupEditPage, { path: '/popups/edit/:id', entry: `/popups/edit/${POPUP}?section=${section}` });
const writes = (table: string, method?: string) =>
  state.requests.filter(
    (request) => request.url.pathname.endsWith(`/${table}`) && (!method || request.method === method),
  );
const lastBody = <T,>(table: string, method: string) => writes(table, method).at(-1)?.body as T;
/** The heading the preview's snippet drew in a device's frame (its shadow root is open there). */
const previewHeading = (name: RegExp) => {
  const frame = screen.getByTitle<HTMLIFrameElement>(name);
  const host = frame.contentDocument?.querySelector('[data-leadtorget-popup]');
  return host?.shadowRoot?.querySelector('h2')?.textContent;
};
const saved = () => screen.findByText('Lagret', undefined, { timeout: 5000 });

describe('/popups/edit/:id', () => {
  it("edits variant B's heading, shows it in both previews and saves only that variant", async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('tab', { name: 'Variant B' }));
    const heading = screen.getByLabelText('Overskrift');
    expect(heading).toHaveValue('Unngå vannskader i vinter');
    await user.clear(heading);
    await user.type(heading, 'Frost i rørene?');
    expect(previewHeading(/Mobil/)).toBe('Frost i rørene?');
    expect(previewHeading(/PC/)).toBe('Frost i rørene?');
    await saved();
    expect(writes('popup_variants', 'PATCH')).not.toHaveLength(0);
    expect(
      writes('popup_variants', 'PATCH').every((request) => request.url.search.includes(POPUP_VARIANT_B)),
    ).toBe(true);
    expect(state.variants.find((variant) => variant.label === 'B')?.content).toMatchObject({
      heading: 'Frost i rørene?',
    });
    expect(writes('popups')).toEqual([]);
  });

  it('says while the weights miss 100, splits them evenly, and adds and removes a variant', async () => {
    const user = userEvent.setup();
    open();
    const weightA = await screen.findByLabelText('Vekt for A (%)');
    await user.clear(weightA);
    await user.type(weightA, '70');
    expect(screen.getByText(/Vektene blir 120 % til sammen, men må bli 100 %/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publiser' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Fordel likt' }));
    expect(screen.getByLabelText('Vekt for A (%)')).toHaveValue(50);
    expect(screen.getByText('Vektene blir 100 % til sammen.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Legg til variant (kopi av A)' }));
    expect(screen.getByRole('tab', { name: 'Variant C' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Overskrift')).toHaveValue('Få 10 % på første service');
    expect(
      ['A', 'B', 'C'].map((label) => screen.getByLabelText<HTMLInputElement>(`Vekt for ${label} (%)`).value),
    ).toEqual(['34', '33', '33']);
    await saved();
    expect(
      lastBody<{ label: string; weight: number; discount_code: string }>('popup_variants', 'POST'),
    ).toMatchObject({
      label: 'C',
      weight: 33,
      discount_code: 'FJORD10',
      popup_id: POPUP,
    });
    expect(state.variants.map((variant) => [variant.label, variant.weight])).toEqual([
      ['A', 34],
      ['B', 33],
      ['C', 33],
    ]);

    await user.click(screen.getByRole('tab', { name: 'Variant B' }));
    await user.click(screen.getByRole('button', { name: 'Fjern variant B' }));
    expect(screen.queryByRole('tab', { name: 'Variant B' })).toBeNull();
    await waitFor(() => expect(state.variants.map((variant) => variant.label)).toEqual(['A', 'C']), {
      timeout: 5000,
    });
    expect(state.variants.map((variant) => variant.weight)).toEqual([50, 50]);
  });

  it('adds a scroll trigger and says the triggers as a sentence', async () => {
    const user = userEvent.setup();
    open('triggers');
    expect(await screen.findByText('Vises etter 8 sekunder på siden.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Legg til utløser' }));
    await user.click(screen.getByRole('menuitem', { name: 'Når besøkende har scrollet' }));
    const trigger = screen.getByRole('listitem', { name: 'Utløser 2' });
    const percent = within(trigger).getByLabelText('Prosent av siden');
    await user.clear(percent);
    expect(within(trigger).getByText('Skriv en hel prosent fra 1 til 100.')).toBeInTheDocument();
    expect(screen.getByText('Ikke lagret: rett feltene som er merket.')).toBeInTheDocument();
    await user.type(percent, '60');
    expect(
      screen.getByText('Vises etter 8 sekunder på siden eller når besøkende har scrollet 60 % av siden.'),
    ).toBeInTheDocument();
    await saved();
    expect(state.popup.triggers).toEqual([
      { kind: 'delay', seconds: 8 },
      { kind: 'scroll', percent: 60 },
    ]);
    // Never the half-typed, empty percent.
    expect(
      writes('popups', 'PATCH').every((request) =>
        (request.body as { triggers: { percent?: unknown }[] }).triggers.every(
          (item) => item.percent !== null,
        ),
      ),
    ).toBe(true);
  });

  it('sets a URL rule, devices and weekdays, with the targeting as one sentence', async () => {
    const user = userEvent.setup();
    open('targeting');
    await user.click(await screen.findByRole('button', { name: 'Legg til side' }));
    await user.type(screen.getByLabelText('Adresse'), '/bad');
    await user.click(screen.getByLabelText('PC og nettbrett'));
    expect(screen.getByLabelText('Mobil')).toBeDisabled();
    await user.click(screen.getByLabelText('Bare nye besøkende (første besøk)'));
    await user.click(screen.getByLabelText('Lørdag'));
    await user.click(screen.getByLabelText('Søndag'));
    await user.selectOptions(screen.getByLabelText('Klokkeslett fra'), '08:00');
    await user.selectOptions(screen.getByLabelText('Klokkeslett til'), '20:00');
    expect(
      screen.getByText(
        'Vises på sider som begynner med /bad, bare på mobil, for nye besøkende, mandag–fredag 08–20.',
      ),
    ).toBeInTheDocument();
    await saved();
    expect(state.popup.targeting).toEqual({
      urls: { include: [{ match: 'starts_with', value: '/bad' }] },
      devices: ['mobile'],
      visitor: 'new',
      schedule: { days: [1, 2, 3, 4, 5], hours: [8, 20] },
    });
  });

  it('keeps what was typed when the database refuses, says so at the field, and saves after the fix', async () => {
    const user = userEvent.setup();
    state.refuse.popup_variants = {
      code: '23514',
      message:
        'new row for relation "popup_variants" violates check constraint "popup_variants_discount_code_check"',
    };
    open();
    const code = await screen.findByLabelText('Rabattkode');
    await user.clear(code);
    await user.type(code, 'VINTER25');
    expect(
      await screen.findByText('Popupen kunne ikke lagres: noe i innstillingene er ugyldig.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Kunne ikke lagre. Det du har skrevet, er beholdt.')).toBeInTheDocument();
    expect(code).toHaveValue('VINTER25');
    expect(code).toHaveAttribute('aria-invalid', 'true');

    // Too long for the database: said before anything is sent.
    const sent = state.requests.length;
    await user.type(code, 'X'.repeat(40));
    expect(screen.getByText('Rabattkoden kan være høyst 40 tegn.')).toBeInTheDocument();
    state.refuse = {};
    await user.clear(code);
    await user.type(code, 'VINTER25');
    await saved();
    expect(state.variants[0]?.discount_code).toBe('VINTER25');
    expect(
      state.requests
        .slice(sent)
        .every((request) => ((request.body as { discount_code?: string }).discount_code ?? '').length <= 40),
    ).toBe(true);
  });
});
