import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import CalendarPage from '@/features/calendars/routes/calendar';
import CalendarEditPage from '@/features/calendars/routes/calendar-edit';
import CalendarPreviewPage from '@/features/calendars/routes/calendar-preview';
import { CALENDAR, calendarRow, doorRow } from '../../factories/calendar';
import { publicCalendar, publicDoorSlots } from '../../factories/public-calendar';
import {
  calendarsHandlers,
  newCalendarsState,
  requestsTo,
  type CalendarsState,
} from '../../msw/handlers/calendars';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { SUPABASE, signIn } from '../../support/session';

const DESIGN = {
  theme: 'pepperkake',
  door_style: 'kule',
  background_color: '#f6ead8',
  text_color: '#4a2511',
  door_color: '#8a4b24',
  door_text_color: '#fff8ee',
  primary_color: '#b3202a',
};
// A minute after door 3 opened (08:00 Oslo): doors 1–2 past, 3 today, 4–5 not open yet.
const SAMPLE_NOW = '2026-12-03T07:01:00.000Z';

let state: CalendarsState = newCalendarsState();
setupMswServer(
  ...calendarsHandlers(() => state),
  http.post(`${SUPABASE}/rest/v1/rpc/calendar_public`, () =>
    HttpResponse.json(
      publicCalendar({
        id: CALENDAR,
        now: SAMPLE_NOW,
        status: 'draft',
        design: DESIGN,
        doors: publicDoorSlots(5, '2026-12-01', SAMPLE_NOW),
        rules_text: null,
      }),
    ),
  ),
  http.post(`${SUPABASE}/rest/v1/rpc/record_calendar_event`, () => HttpResponse.json(null)),
);

beforeAll(async () => {
  await prepareI18n('calendars', 'calendar-errors', 'media');
});
beforeEach(() => {
  state = newCalendarsState({
    calendars: [calendarRow({ design: DESIGN })],
    doors: [1, 2, 3, 4, 5].map((day) => doorRow(day, { title: `Dag ${day}` })),
  });
  signIn();
});

/** What a visitor meets of a door: its classes, state, name and face, whether link or button. */
const doorsOf = (root: Element) =>
  [...root.querySelectorAll('[data-day]')].map((door) => ({
    className: door.className,
    state: door.getAttribute('data-state'),
    name: door.getAttribute('aria-label'),
    face: door.innerHTML,
  }));

const pageOf = (container: Element) => {
  const root = container.querySelector('[data-calendar-page]');
  if (!root) throw new Error('no public calendar page');
  return {
    theme: root.getAttribute('data-calendar-theme'),
    doorStyle: root.getAttribute('data-door-style'),
    style: root.getAttribute('style'),
    doors: doorsOf(root),
  };
};

describe('the editor shows what the public sees', () => {
  it('renders the public calendar page itself in the design tab: the same design and doors as /calendar/:id', async () => {
    window.history.pushState({}, '', `/calendar/${CALENDAR}`);
    const visitor = render(<CalendarPage />);
    await screen.findByRole('link', { name: 'Luke 3, dagens luke, åpen' });
    const hosted = pageOf(visitor.container);
    visitor.unmount();

    const editor = renderApp(CalendarEditPage, {
      path: '/calendar/:id/edit',
      entry: `/calendar/${CALENDAR}/edit?section=design`,
    });
    await screen.findByRole('heading', { name: 'Slik ser publikum det' });
    const preview = pageOf(editor.container);

    expect(preview.theme).toBe('pepperkake');
    expect(preview.doorStyle).toBe('kule');
    expect(preview.style).toContain('--cal-door: #8a4b24');
    expect(preview.style).toContain('--cal-on-door: #fff8ee');
    expect(preview.doors.map((door) => door.state)).toEqual(['closed', 'closed', 'open', 'locked', 'locked']);
    expect(preview).toEqual(hosted);
  });

  it('renders the same public component on the preview page', async () => {
    const { container } = renderApp(CalendarPreviewPage, {
      path: '/calendar/:id/preview',
      entry: `/calendar/${CALENDAR}/preview`,
    });
    fireEvent.change(await screen.findByLabelText('Dato'), { target: { value: '2026-12-03' } });
    fireEvent.change(screen.getByLabelText('Klokkeslett (norsk tid)'), { target: { value: '08:01' } });
    const preview = pageOf(container);
    expect(preview.theme).toBe('pepperkake');
    expect(preview.doors.map((door) => door.state)).toEqual(['closed', 'closed', 'open', 'locked', 'locked']);
  });

  it('picks a theme: its colours and doors show in the sample and are saved with the design', async () => {
    const { container } = renderApp(CalendarEditPage, {
      path: '/calendar/:id/edit',
      entry: `/calendar/${CALENDAR}/edit?section=design`,
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Nordisk vinter' }));
    expect(screen.getByRole('radio', { name: 'Treluke' })).toBeChecked();
    expect(pageOf(container).theme).toBe('nordisk-vinter');
    expect(pageOf(container).style).toContain('--cal-bg: #12263f');
    await userEvent.click(screen.getByRole('button', { name: 'Lagre design' }));
    await waitFor(() => expect(requestsTo(state, 'PATCH', 'campaigns')).toHaveLength(1));
    expect(requestsTo(state, 'PATCH', 'campaigns')[0]?.body).toMatchObject({
      design: {
        theme: 'nordisk-vinter',
        door_style: 'luke',
        background_color: '#12263f',
        door_color: '#e8f1f8',
      },
    });
  });

  it('flags a colour pair below 4.5:1 as it is picked, with a suggestion that fixes it', async () => {
    renderApp(CalendarEditPage, {
      path: '/calendar/:id/edit',
      entry: `/calendar/${CALENDAR}/edit?section=design`,
    });
    const doorText = await screen.findByLabelText(/^Tekst på lukene/);
    expect(screen.getByText(/^Tekst mot luke: kontrast/)).not.toHaveTextContent('for lav');
    fireEvent.change(doorText, { target: { value: '#a0603a' } });
    const flagged = screen.getByText(/^Tekst mot luke: kontrast 1,4:1 er for lav/);
    expect(flagged).toHaveTextContent('Forslag: #ffffff');
    await userEvent.click(within(flagged).getByRole('button', { name: 'Bruk forslaget' }));
    expect(doorText).toHaveValue('#ffffff');
    expect(screen.getByText(/^Tekst mot luke: kontrast/)).not.toHaveTextContent('for lav');
    // Text on the page background is checked the same way.
    fireEvent.change(screen.getByLabelText(/^Tekst på bakgrunnen/), { target: { value: '#f0e0c8' } });
    expect(screen.getByText(/^Tekst mot bakgrunn: kontrast/)).toHaveTextContent('for lav');
  });
});
