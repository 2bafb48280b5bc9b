import { designVariables } from '@/features/calendars/utils/design';
import { currentDoor, doorStateAt, nextDoor } from '@/features/calendars/utils/door-times';
import { readableOn } from '@/lib/contrast';
import { countdownParts, osloDate, osloDay, osloTime } from '@/lib/public/oslo-time';
import { publicDoorSlots } from '../../factories/public-calendar';

// npm run test:unit runs in America/Los_Angeles: every figure below is Oslo's all the same.
describe('Oslo time on the public pages', () => {
  it('shows dates and 24-hour times in Oslo whatever the visitor’s zone', () => {
    expect(osloDate('2026-12-05T07:00:00Z', 'nb')).toBe('5. desember');
    expect(osloTime('2026-12-05T07:00:00Z', 'nb')).toBe('08:00');
    expect(osloTime('2026-12-05T16:30:00Z', 'en')).toBe('17:30');
    // 23:30Z on 4 December is already 5 December in Oslo.
    expect(osloDay('2026-12-04T23:30:00Z')).toBe('2026-12-05');
    // Summer time: 06:00Z is 08:00 CEST.
    expect(osloTime('2026-06-01T06:00:00Z', 'nb')).toBe('08:00');
  });

  it('counts down in days, hours, minutes and seconds, never below zero', () => {
    const now = new Date('2026-12-05T10:00:00Z');
    expect(countdownParts('2026-12-06T12:01:02Z', now)).toEqual({
      days: 1,
      hours: '02',
      minutes: '01',
      seconds: '02',
    });
    expect(countdownParts('2026-12-01T00:00:00Z', now)).toEqual({
      days: 0,
      hours: '00',
      minutes: '00',
      seconds: '00',
    });
  });

  it('finds today’s door, the next one and each door’s state at a moment', () => {
    const doors = publicDoorSlots(24);
    const now = new Date('2026-12-05T10:00:00Z');
    expect(currentDoor(doors, now)?.day_number).toBe(5);
    expect(nextDoor(doors, now)?.day_number).toBe(6);
    expect(doorStateAt(doors[3]!, now)).toBe('closed');
    expect(doorStateAt(doors[5]!, now)).toBe('locked');
    // At the opening second the door is open.
    expect(doorStateAt(doors[5]!, new Date('2026-12-06T07:00:00Z'))).toBe('open');
  });
});

describe('designVariables', () => {
  it("takes only #rrggbb colours, the theme's for the rest, and puts readable text on them", () => {
    expect(
      designVariables({ primary_color: '#ffe600', background_color: 'red;x', door_color: '#0b3d2e' }),
    ).toEqual({
      '--cal-primary': '#ffe600',
      '--cal-on-primary': '#111111',
      // «Klassisk jul», the default theme, fills what is missing or malformed.
      '--cal-bg': '#0b3d2e',
      '--cal-text': '#ffffff',
      '--cal-door': '#0b3d2e',
      '--cal-on-door': '#ffffff',
    });
    // The owner's door text colour applies where it reads, and gives way where it does not.
    expect(designVariables({ door_color: '#f6ead8', door_text_color: '#4a2511' })['--cal-on-door']).toBe(
      '#4a2511',
    );
    expect(designVariables({ door_color: '#f6ead8', door_text_color: '#fff8ee' })['--cal-on-door']).toBe(
      '#111111',
    );
    // Nothing read yet: the app's own look.
    expect(designVariables(null)).toEqual({});
    expect(readableOn('#1d4ed8')).toBe('#ffffff');
    // A text colour that does not read on the background gives way.
    expect(designVariables({ background_color: '#ffffff', text_color: '#eeeeee' })['--cal-text']).toBe(
      '#111111',
    );
  });
});
