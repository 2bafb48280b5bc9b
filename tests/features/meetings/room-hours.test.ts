import { isOpenAt, isOpenDuring, osloRange, weekStart } from '@/features/meetings/utils/room-hours';

const hours = { '1': { opens: '08:00', closes: '17:00' }, '5': { opens: '20:00', closes: '24:00' } };
const at = (iso: string) => new Date(iso);

describe('room hours in Oslo time', () => {
  it.each([
    ['a Monday at opening (08:00 Oslo)', '2030-12-02T07:00:00Z', true],
    ['a Monday a minute before opening', '2030-12-02T06:59:00Z', false],
    ['a Monday at closing (17:00 Oslo)', '2030-12-02T16:00:00Z', false],
    ['a Monday in summer at 16:59 Oslo (UTC+2)', '2030-06-03T14:59:00Z', true],
    ['a closed Sunday', '2030-12-08T10:00:00Z', false],
    ['a Friday at 23:59 (open until 24:00)', '2030-12-06T22:59:00Z', true],
  ])('open at an instant: %s', (_, instant, open) => {
    expect(isOpenAt(hours, at(instant))).toBe(open);
  });

  it.each([
    ['a Monday inside the hours (winter, UTC+1)', '2030-12-02T07:00:00Z', '2030-12-02T08:00:00Z', true],
    ['a Monday starting before opening', '2030-12-02T06:30:00Z', '2030-12-02T08:00:00Z', false],
    ['a Monday ending after closing', '2030-12-02T15:30:00Z', '2030-12-02T16:30:00Z', false],
    ['a Monday in summer (UTC+2)', '2030-06-03T06:00:00Z', '2030-06-03T15:00:00Z', true],
    ['a closed Tuesday', '2030-12-03T09:00:00Z', '2030-12-03T10:00:00Z', false],
    ['a Friday until midnight (24:00)', '2030-12-06T21:00:00Z', '2030-12-06T23:00:00Z', true],
    ['a Friday past midnight', '2030-12-06T22:00:00Z', '2030-12-07T00:30:00Z', false],
  ])('%s', (_, start, end, open) => {
    expect(isOpenDuring(hours, at(start), at(end))).toBe(open);
  });

  it('starts weeks on Monday', () => {
    expect(weekStart('2030-12-02')).toBe('2030-12-02');
    expect(weekStart('2030-12-08')).toBe('2030-12-02');
    expect(weekStart('2030-12-09')).toBe('2030-12-09');
  });

  it('spans the Oslo week across the change to summer time', () => {
    expect(osloRange('2030-03-25', 7)).toEqual({
      from: '2030-03-24T23:00:00.000Z',
      to: '2030-03-31T22:00:00.000Z',
    });
  });
});
