import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DialogHost } from '@/components/dialog-host';
import type { RoomBooking } from '@/features/meetings/api/get-room-bookings';
import { RoomWeek } from '@/features/meetings/components/room-week';
import { prepareI18n } from '../../support/render-app';
import { USER_ID } from '../../support/session';

beforeAll(async () => {
  await prepareI18n('meetings');
});

const booking = (overrides: Partial<RoomBooking>): RoomBooking => ({
  id: 'b1',
  organization_id: 'org',
  room_id: 'room',
  starts_at: '2030-12-03T08:00:00Z',
  ends_at: '2030-12-03T09:00:00Z',
  title: 'Ukemøte',
  booked_by: USER_ID,
  poll_id: null,
  checked_in_at: null,
  released_at: null,
  release_reason: null,
  created_at: '2030-11-01T08:00:00Z',
  ...overrides,
});

const weekdays = Object.fromEntries(
  ['1', '2', '3', '4', '5'].map((day) => [day, { opens: '08:00', closes: '17:00' }]),
);

function renderWeek(
  now: string,
  bookings: RoomBooking[],
  handlers = { onCheckIn: vi.fn(), onCancel: vi.fn() },
) {
  render(
    <>
      <RoomWeek
        from="2030-12-02"
        days={7}
        hours={weekdays}
        bookings={bookings}
        now={new Date(now)}
        userId={USER_ID}
        manager={false}
        onBook={vi.fn()}
        {...handlers}
      />
      <DialogHost />
    </>,
  );
  return handlers;
}

const day = (name: RegExp) => screen.getByRole('region', { name });

describe('RoomWeek', () => {
  it('shows the week Monday first in 24-hour Oslo time, closed days said in words', () => {
    renderWeek('2030-12-02T07:00:00Z', [
      booking({}),
      booking({
        id: 'b2',
        title: 'Kundemøte',
        starts_at: '2030-12-03T13:30:00Z',
        ends_at: '2030-12-03T15:00:00Z',
      }),
    ]);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings[0]).toBe('mandag 02.12.2030 (i dag)');
    expect(headings[6]).toBe('søndag 08.12.2030');
    const tuesday = day(/tirsdag/);
    expect(within(tuesday).getByText('Åpent 08:00–17:00')).toBeInTheDocument();
    expect(
      within(tuesday)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')?.textContent),
    ).toEqual(['09:00–10:00', '14:30–16:00']);
    expect(within(day(/lørdag/)).getByText('Stengt')).toBeInTheDocument();
    expect(within(day(/lørdag/)).queryByRole('button', { name: /Book/ })).toBeNull();
  });

  it('offers check-in from 15 minutes before the start, and cancelling only of one’s own booking', async () => {
    const user = userEvent.setup();
    const others = booking({
      id: 'b2',
      title: 'Styremøte',
      booked_by: 'someone-else',
      starts_at: '2030-12-03T08:30:00Z',
      ends_at: '2030-12-03T08:55:00Z',
    });
    const handlers = renderWeek('2030-12-03T07:46:00Z', [booking({}), others]);
    const tuesday = day(/tirsdag/);
    // 08:46 Oslo: Ukemøte (09:00) is 14 minutes away, Styremøte (09:30) 44.
    expect(within(tuesday).getByRole('button', { name: /^Sjekk inn\W+Ukemøte\W*$/ })).toBeInTheDocument();
    expect(within(tuesday).queryByRole('button', { name: /^Sjekk inn\W+Styremøte\W*$/ })).toBeNull();
    expect(within(tuesday).queryByRole('button', { name: /^Avbestill\W+Styremøte\W*$/ })).toBeNull();
    expect(within(tuesday).getAllByText('Ikke sjekket inn')).toHaveLength(2);

    await user.click(within(tuesday).getByRole('button', { name: /^Sjekk inn\W+Ukemøte\W*$/ }));
    expect(handlers.onCheckIn).toHaveBeenCalledWith(expect.objectContaining({ id: 'b1' }));
    await user.click(within(tuesday).getByRole('button', { name: /^Avbestill\W+Ukemøte\W*$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Avbestille «Ukemøte»?' });
    expect(handlers.onCancel).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Avbestill' }));
    expect(handlers.onCancel).toHaveBeenCalledWith(expect.objectContaining({ id: 'b1' }));
  });

  it('shows a checked-in booking as such, without the check-in button', () => {
    renderWeek('2030-12-03T08:10:00Z', [booking({ checked_in_at: '2030-12-03T07:58:00Z' })]);
    const tuesday = day(/tirsdag/);
    expect(within(tuesday).getByText('Sjekket inn')).toBeInTheDocument();
    expect(within(tuesday).queryByRole('button', { name: /Sjekk inn/ })).toBeNull();
  });
});
