import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CalendarEditPage from '@/features/calendars/routes/calendar-edit';
import { CALENDAR, calendarRow, doorRow, prizeRow } from '../../factories/calendar';
import {
  calendarsHandlers,
  newCalendarsState,
  requestsTo,
  type CalendarsState,
} from '../../msw/handlers/calendars';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: CalendarsState = newCalendarsState();
setupMswServer(...calendarsHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('calendars', 'calendar-errors', 'media');
});
beforeEach(() => {
  state = newCalendarsState({
    calendars: [calendarRow({ consent_text: 'Jeg godtar reglene.', rules_text: 'Premiene er [premiene].' })],
    doors: [doorRow(1, { title: 'Velkommen' }), doorRow(2), doorRow(3, { title: 'Luke 3: Kakebakst' })],
    prizes: [prizeRow({ item_id: doorRow(1).id, name: 'Termokopp', description: null })],
  });
  signIn();
});

const open = (query = '') =>
  renderApp(CalendarEditPage, { path: '/calendar/:id/edit', entry: `/calendar/${CALENDAR}/edit${query}` });

describe('publishing a calendar', () => {
  it('asks first, lists what is unfinished and needs a second yes to publish anyway', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Før du publiserer' })).toBeInTheDocument();
    const publish = screen.getByRole('button', { name: 'Publiser' });
    await userEvent.click(publish);
    const dialog = await screen.findByRole('dialog', { name: 'Publisere «Julekalender 2026»?' });
    const gaps = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(within(dialog).getAllByRole('img', { name: 'Mangler' })).toHaveLength(3);
    expect(gaps).toEqual([
      '1 tom luke: 2',
      'Uutfylt fra malen i reglene: [premiene]',
      '1 premie uten beskrivelse',
    ]);
    const anyway = within(dialog).getByRole('button', { name: 'Publiser likevel' });
    expect(anyway).toBeDisabled();
    expect(anyway).toHaveAccessibleDescription(/Kryss av over/);

    // Cancelling publishes nothing and gives focus back to «Publiser».
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(publish).toHaveFocus());
    expect(requestsTo(state, 'PATCH', 'campaigns')).toHaveLength(0);

    await userEvent.click(publish);
    const again = await screen.findByRole('dialog');
    await userEvent.click(
      within(again).getByRole('checkbox', { name: 'Jeg vil publisere likevel, med det som mangler' }),
    );
    await userEvent.click(within(again).getByRole('button', { name: 'Publiser likevel' }));
    await waitFor(() => expect(requestsTo(state, 'PATCH', 'campaigns')).toHaveLength(1));

    // Published: the checklist goes, and focus stays on the button, now «Avpubliser».
    expect(await screen.findByRole('heading', { name: 'Kalenderen er publisert' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Før du publiserer' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Avpubliser' })).toHaveFocus());
  });

  it('fills the rules template with the organization number and contact address it knows', async () => {
    state.calendars = [calendarRow({ consent_text: 'Jeg godtar reglene.' })];
    open('?section=rules');
    await userEvent.click(await screen.findByRole('button', { name: 'Bruk mal' }));
    const rules = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^Regler og vilkår/ });
    await waitFor(() => expect(rules.value).toContain('Fjordbygg AS (org.nr. 923609016)'));
    expect(rules.value).toContain('Spørsmål sendes til post@fjordbygg.no.');
    expect(rules.value).not.toContain('[organisasjonsnummer]');
  });
});
