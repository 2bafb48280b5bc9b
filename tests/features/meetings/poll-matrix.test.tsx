import { render, screen, within } from '@testing-library/react';
import type { PollMatrix as Matrix } from '@/features/meetings/api/get-meeting-polls';
import { PollMatrix } from '@/features/meetings/components/poll-matrix';
import { prepareI18n } from '../../support/render-app';

beforeAll(async () => {
  await prepareI18n('meetings');
});

const option = (id: string, startsAt: string, overrides: Partial<Matrix['options'][number]> = {}) => ({
  id,
  starts_at: startsAt,
  ends_at: new Date(new Date(startsAt).getTime() + 3_600_000).toISOString(),
  room_id: null,
  room_name: null,
  yes: 0,
  if_need_be: 0,
  no: 0,
  answers: [],
  ...overrides,
});

const matrix = (overrides: Partial<Matrix['poll']> = {}): Matrix => ({
  poll: {
    id: 'p1',
    title: 'Ukemøte',
    description: null,
    duration_minutes: 60,
    deadline: null,
    status: 'open',
    hide_participants: false,
    chosen_option_id: null,
    ...overrides,
  },
  invitees: 3,
  options: [
    option('o1', '2030-12-03T08:00:00Z', {
      room_name: 'Fjorden',
      yes: 1,
      if_need_be: 1,
      no: 0,
      answers: [
        { invitee_id: 'i1', answer: 'yes', name: 'Kari Hansen', mine: true },
        { invitee_id: 'i2', answer: 'if_need_be', name: 'hanne', mine: false },
      ],
    }),
    option('o2', '2030-12-04T12:00:00Z', {
      yes: 0,
      no: 2,
      answers: [
        { invitee_id: 'i1', answer: 'no', name: 'Kari Hansen', mine: true },
        { invitee_id: 'i2', answer: 'no', name: 'hanne', mine: false },
      ],
    }),
    option('o3', '2030-12-05T12:00:00Z'),
  ],
});

describe('PollMatrix', () => {
  it('is a table of each person’s answer per time in Oslo time, in words, with the best time marked', () => {
    render(<PollMatrix matrix={matrix()} />);
    const table = screen.getByRole('table', { name: 'Svar per tidspunkt (3 inviterte)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Tidspunkt', 'Du', 'hanne', 'Sum']);
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('rowheader')).toHaveTextContent(
      '03.12.2030, 09:00–10:00Rom: FjordenBest',
    );
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ja', 'Om nødvendig', '1 ja, 1 om nødvendig, 0 nei']);
    expect(within(second!).getByRole('rowheader')).toHaveTextContent('04.12.2030, 13:00–14:00');
    expect(within(second!).queryByText('Best')).toBeNull();
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Nei', 'Nei', '0 ja, 0 om nødvendig, 2 nei']);
    expect(
      within(third!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ikke svart', 'Ikke svart', '0 ja, 0 om nødvendig, 0 nei']);
  });

  it('marks the chosen time of a finalized poll instead of the best', () => {
    render(<PollMatrix matrix={matrix({ status: 'finalized', chosen_option_id: 'o2' })} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[1]!).getByText('Valgt')).toBeInTheDocument();
    expect(screen.queryByText('Best')).toBeNull();
  });
});
