import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BookingParticipationPage from '@/features/booking/routes/booking-participation';
import type { ParticipationEntry } from '@/lib/public/participation-api';
import { participationCampaign, personParticipation } from '../../factories/participation';
import { newParticipationState, participationHandlers } from '../../msw/handlers/participation';
import { setupMswServer } from '../../msw/server';
import { catchDownloads } from '../../support/catch-downloads';

const SOLUTION = 'bb000000-0000-4000-8000-000000000001';
const server = setupMswServer();

// Times as the database answers them; the page shows Oslo's clock whatever the test's zone.
const moved: ParticipationEntry = {
  item: null,
  answer: null,
  is_correct: null,
  form_answers: { 'Hva gjelder det?': 'Lekkasje under vasken' },
  created_at: '2026-06-01T08:00:00Z',
  booking: {
    service: 'Befaring',
    staff: 'Kari Hansen',
    starts_at: '2026-06-02T10:00:00+00:00',
    ends_at: '2026-06-02T11:00:00+00:00',
    status: 'confirmed',
    cancelled_at: null,
    rescheduled_at: '2026-06-01T09:30:00Z',
    paid_ore: 149000,
    refunded_ore: 0,
  },
};
const cancelled: ParticipationEntry = {
  item: null,
  answer: null,
  is_correct: null,
  form_answers: {},
  created_at: '2026-06-01T08:30:00Z',
  booking: {
    service: 'Service',
    staff: 'Per',
    starts_at: '2026-06-05T06:00:00+00:00',
    ends_at: '2026-06-05T07:00:00+00:00',
    status: 'no_show',
    cancelled_at: null,
    rescheduled_at: null,
    paid_ore: null,
    refunded_ore: null,
  },
};

const read = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

const visit = (query: string) => {
  window.history.pushState({}, '', `/booking/participation${query}`);
  render(<BookingParticipationPage />);
};

describe('/booking/participation', () => {
  beforeEach(() => {
    const person = newParticipationState({
      person: personParticipation({
        lead: { source: 'booking', created_at: '2026-06-01T08:00:00Z', marketing_withdrawn_at: null },
        campaigns: [
          participationCampaign({
            campaign_id: SOLUTION,
            kind: 'booking',
            name: 'Bestill befaring',
            reminders_opt_in: false,
            entries: [moved, cancelled],
          }),
        ],
      }),
    });
    server.use(...participationHandlers(() => person));
  });

  it('lists each booking: service and Oslo time, staff, status in words, payment, answers and times', async () => {
    visit(`?id=${SOLUTION}&token=abc`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bestill befaring: dine bestillinger' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Bestill befaring – dine bestillinger'));
    expect(screen.getByRole('link', { name: 'Til bookingsiden' })).toHaveAttribute(
      'href',
      `/booking/${SOLUTION}`,
    );
    expect(screen.getByRole('heading', { level: 4, name: 'Bestillingene dine' })).toBeInTheDocument();

    const first = screen.getByRole('article', { name: 'Befaring tirsdag 2. juni 2026 kl. 12:00–13:00' });
    const facts = (part: HTMLElement) =>
      within(part)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(facts(first)).toEqual([
      'Hos: Kari Hansen',
      'Status: Bekreftet',
      expect.stringMatching(/^Betalt: 1\s490,00\skr Kvitteringen må oppbevares etter bokføringsloven/),
      'Svarene dine: Hva gjelder det?: Lekkasje under vasken',
      'Bestilt: mandag 1. juni 2026 kl. 10:00',
      'Flyttet: mandag 1. juni 2026 kl. 11:30',
    ]);
    const second = screen.getByRole('article', { name: 'Service fredag 5. juni 2026 kl. 08:00–09:00' });
    expect(facts(second)).toEqual([
      'Hos: Per',
      'Status: Ikke møtt',
      'Bestilt: mandag 1. juni 2026 kl. 10:30',
    ]);
  });

  it('exports the bookings with their own columns in the CSV', async () => {
    const files = catchDownloads();
    visit(`?id=${SOLUTION}&token=abc`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Last ned som CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = (await read(files[0]!.blob)).split('\r\n');
    expect(lines[0]).toMatch(/;Tjeneste;Hos;Start;Slutt;Status;Betalt \(kr\);Flyttet;Avbestilt$/);
    expect(lines.filter((line) => line.includes(';Bestilling;'))).toEqual([
      expect.stringMatching(
        /;Bestilling;Bestill befaring;Bookingside;.*;Befaring;Kari Hansen;2026-06-02 12:00;2026-06-02 13:00;Bekreftet;"1490,00";2026-06-01 11:30;$/,
      ),
      expect.stringMatching(/;Service;Per;2026-06-05 08:00;2026-06-05 09:00;Ikke møtt;;;$/),
    ]);
  });
});
