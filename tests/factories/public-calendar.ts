import type { PublicCalendar, PublicDoor, PublicDoorSlot } from '@/features/calendars/types';

/**
 * The public read functions' answers (`calendar_public`, `calendar_public_door`). Door `n` opens on
 * `start + n - 1` days at 08:00 Oslo (07:00Z in winter) and closes when the next opens.
 */
export function publicDoorSlots(
  count: number,
  start = '2026-12-01',
  now = '2026-12-05T10:00:00Z',
): PublicDoorSlot[] {
  const first = Date.parse(`${start}T07:00:00Z`);
  const day = 86_400_000;
  return Array.from({ length: count }, (_, index) => {
    const opens = first + index * day;
    const closes = index === count - 1 ? opens + 17 * 3_600_000 : opens + day;
    const at = Date.parse(now);
    return {
      day_number: index + 1,
      opens_on: new Date(opens).toISOString().slice(0, 10),
      opens_at: new Date(opens).toISOString(),
      closes_at: new Date(closes).toISOString(),
      state: at < opens ? 'locked' : at < closes ? 'open' : 'closed',
    };
  });
}

export function publicCalendar(overrides: Partial<PublicCalendar> = {}): PublicCalendar {
  const now = overrides.now ?? '2026-12-05T10:00:00Z';
  return {
    id: 'ca000000-0000-4000-8000-0000000000aa',
    name: 'Julekalender 2026',
    template: 'advent-24',
    starts_on: '2026-12-01',
    ends_on: '2026-12-24',
    door_time: '08:00:00',
    status: 'live',
    now,
    lock_past_doors: true,
    show_past_doors: true,
    rules_text: 'Regler for Julekalender 2026',
    consent_text: 'Jeg godtar reglene og at Fjord Rør AS lagrer svaret mitt.',
    marketing_consent_text: 'Ja takk, send meg tilbud fra Fjord Rør AS.',
    reminders_enabled: true,
    design: {},
    background: null,
    doors: publicDoorSlots(24, '2026-12-01', now),
    winners: [],
    ...overrides,
  };
}

export function publicDoor(overrides: Partial<PublicDoor> = {}): PublicDoor {
  return {
    day_number: 5,
    opens_at: '2026-12-05T07:00:00Z',
    closes_at: '2026-12-06T07:00:00Z',
    open: true,
    title: 'Rørlegger-quiz',
    body: 'Dagens premie er en ny dusjarmatur.',
    media: null,
    link_url: null,
    link_label: null,
    quiz_kind: 'single',
    quiz_question: 'Hvilket rør frakter varmtvann?',
    quiz_options: ['PEX', 'Avløp'],
    form_fields: [],
    prizes: [{ name: 'Dusjarmatur', description: null }],
    ...overrides,
  };
}
