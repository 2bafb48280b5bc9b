import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onTestFinished } from 'vitest';
import FormEditPage from '@/features/forms/routes/form-edit';
import { TEMPLATES } from '@/features/forms/utils/templates';
import type { FormDefinition } from '@/lib/forms/engine';
import { FORM, formVersionRow } from '../../factories/form';
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
  state = newFormsState({
    versions: [formVersionRow({ published_at: null, definition: TEMPLATES.kontakt as never })],
  });
  signIn();
});

const path = '/forms/:formId/edit';
const open = (section = 'questions') =>
  renderApp(FormEditPage, { path, entry: `/forms/${FORM}/edit?section=${section}` });
const saves = () => state.requests.filter((request) => request.url.pathname.endsWith('save_form_draft'));
const savedDefinition = () => (saves().at(-1)?.body as { input_definition: FormDefinition }).input_definition;
const blockNames = () =>
  within(screen.getByRole('list', { name: 'Spørsmål i skjemaet' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('strong')?.textContent ?? item.textContent);

describe('/forms/:formId/edit', () => {
  it('adds a block from the menu, edits its label, and saves once typing pauses', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Legg til' }));
    await user.click(screen.getByRole('menuitem', { name: 'Dato' }));
    expect(blockNames().at(-1)).toBe('Dato');
    await user.click(screen.getByRole('button', { name: 'Rediger Dato' }));
    const label = screen.getByRole('textbox', { name: 'Spørsmål' });
    await user.clear(label);
    await user.type(label, 'Når passer det?');
    expect(blockNames().at(-1)).toBe('Når passer det?');
    await waitFor(() => expect(saves()).not.toHaveLength(0), { timeout: 5000 });
    expect(await screen.findByText('Lagret')).toBeInTheDocument();
    // Debounced: the typing became few saves, not one per letter.
    expect(saves().length).toBeLessThan(4);
    const last = savedDefinition().pages[0]?.blocks.at(-1);
    expect(last).toMatchObject({ kind: 'date', label: 'Når passer det?', key: 'dato' });
  });

  it('reorders from the keyboard, and undoes and redoes with the buttons and Ctrl+Z', async () => {
    // jsdom lays nothing out: give each row of the list a 40 px high box, one under the other, so the
    // drag-and-drop library's keyboard moves find the row below.
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const row = this.closest('li');
      const index = row ? [...(row.parentElement?.children ?? [])].indexOf(row) : 0;
      return DOMRect.fromRect({ x: 0, y: 100 + index * 50, width: 600, height: 40 });
    });
    onTestFinished(() => rect.mockRestore());
    const user = userEvent.setup();
    open();
    const handle = await screen.findByRole('button', { name: 'Flytt Navn' });
    expect(blockNames().slice(0, 3)).toEqual(['Kontakt Fjord Rør AS', 'Navn', 'E-post']);
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(blockNames().slice(0, 3)).toEqual(['Kontakt Fjord Rør AS', 'E-post', 'Navn']));
    await user.click(screen.getByRole('button', { name: 'Angre' }));
    expect(blockNames().slice(0, 3)).toEqual(['Kontakt Fjord Rør AS', 'Navn', 'E-post']);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true });
    expect(blockNames().slice(0, 3)).toEqual(['Kontakt Fjord Rør AS', 'E-post', 'Navn']);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(blockNames().slice(0, 3)).toEqual(['Kontakt Fjord Rør AS', 'Navn', 'E-post']);
  });

  it('deletes and duplicates a block', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Flere valg for Telefon' }));
    await user.click(screen.getByRole('menuitem', { name: 'Slett' }));
    expect(blockNames()).not.toContain('Telefon');
    await user.click(screen.getByRole('button', { name: 'Flere valg for E-post' }));
    await user.click(screen.getByRole('menuitem', { name: 'Dupliser' }));
    expect(blockNames().filter((name) => name === 'E-post')).toHaveLength(2);
  });

  it('keeps the document when a save is refused, says so, and saves it on retry', async () => {
    const user = userEvent.setup();
    state.refuse.save_form_draft = 'form-definition-invalid';
    open();
    await user.click(await screen.findByRole('button', { name: 'Legg til' }));
    await user.click(screen.getByRole('menuitem', { name: 'Tall' }));
    expect(await screen.findByText(/Kunne ikke lagre/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(blockNames().at(-1)).toBe('Tall');
    state.refuse = {};
    await user.click(screen.getByRole('button', { name: 'Prøv nå' }));
    expect(await screen.findByText('Lagret', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(savedDefinition().pages[0]?.blocks.at(-1)).toMatchObject({ kind: 'number', label: 'Tall' });
  });

  it('refuses to publish while a problem is listed, with a link to the block', async () => {
    const broken: FormDefinition = {
      ...TEMPLATES.nps,
      pages: [
        {
          id: 'p_1',
          blocks: [{ kind: 'single_choice', id: 'b_valg', key: 'valg', label: 'Velg', options: [] }],
        },
      ],
      rules: [],
    };
    state.versions = [formVersionRow({ published_at: null, definition: broken as never })];
    open('publish');
    expect(await screen.findByText('Legg til minst ett alternativ.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå til' })).toHaveAttribute(
      'href',
      `/forms/${FORM}/edit?section=questions&block=b_valg`,
    );
    expect(screen.getByRole('button', { name: 'Publiser' })).toBeDisabled();
  });

  it('publishes a form without problems', async () => {
    const user = userEvent.setup();
    open('publish');
    expect(await screen.findByText('Skjemaet er klart til å publiseres.')).toBeInTheDocument();
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Publiser' }));
    });
    await waitFor(() => expect(state.versions[0]?.published_at).not.toBeNull());
    expect(state.requests.some((request) => request.url.pathname.endsWith('publish_form_version'))).toBe(
      true,
    );
  });

  it('adds a rule in the logic: show a question when the NPS answer is above 8', async () => {
    const user = userEvent.setup();
    state.versions = [formVersionRow({ published_at: null, definition: TEMPLATES.nps as never })];
    open('logic');
    await user.click(await screen.findByRole('button', { name: 'Legg til regel' }));
    const rule = screen.getByRole('group', { name: 'Regel 2' });
    await user.selectOptions(
      within(rule).getByLabelText('Spørsmål'),
      'Hva er den viktigste grunnen til svaret ditt?',
    );
    const condition = within(rule).getByRole('group', { name: 'Betingelse 1' });
    await user.selectOptions(
      within(condition).getByLabelText('Felt'),
      'Hvor sannsynlig er det at du vil anbefale oss til en venn eller kollega?',
    );
    // The score may only steer jumps and endings.
    expect(
      within(condition)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).not.toContain('Poengsum');
    await user.selectOptions(within(condition).getByLabelText('Sammenligning'), 'er større enn');
    await user.type(within(condition).getByLabelText('Verdi'), '8');
    await waitFor(() => expect(savedDefinition()?.rules).toHaveLength(2), { timeout: 5000 });
    expect(savedDefinition().rules[1]).toMatchObject({
      action: 'show',
      block: 'b_hvorfor',
      when: {
        join: 'and',
        groups: [{ join: 'and', conditions: [{ block: 'b_nps', operator: 'greater_than', value: 8 }] }],
      },
    });
  });

  it('saves the settings, refusing a bad number with a message and keeping what was typed', async () => {
    const user = userEvent.setup();
    open('settings');
    const max = await screen.findByLabelText('Høyst antall svar');
    await user.type(max, '0');
    await user.click(screen.getByLabelText('Ett svar per e-postadresse'));
    await user.click(screen.getByRole('button', { name: 'Lagre innstillingene' }));
    expect(await screen.findByText('Skriv et helt tall fra 1 til 1 000 000.')).toBeInTheDocument();
    expect(state.requests.filter((request) => request.method === 'PATCH')).toEqual([]);
    expect(screen.getByLabelText('Ett svar per e-postadresse')).toBeChecked();
    await user.clear(max);
    await user.type(max, '200');
    await user.selectOptions(screen.getByLabelText('Visning'), 'Ett spørsmål om gangen');
    await user.click(screen.getByRole('button', { name: 'Lagre innstillingene' }));
    await waitFor(() => expect(state.form.max_responses).toBe(200));
    expect(state.form).toMatchObject({ one_per_email: true, display_mode: 'one_at_a_time', opens_at: null });
  });
});
