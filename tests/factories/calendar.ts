import type { EditorCalendar } from '@/features/calendars/api/get-calendar';
import type { Tables } from '@/lib/database.types';
import { ORG } from '../support/ids';
import { USER_ID } from '../support/session';

export const CALENDAR = 'ca000000-0000-4000-8000-0000000000aa';

/**
 * A draft advent calendar of Fjordbygg AS (1–24 December 2026, doors at 08:00 Oslo): its campaign's
 * columns and its own, as the editor reads them (both tables answer it in the handlers).
 */
export function calendarRow(overrides: Partial<EditorCalendar> = {}): EditorCalendar {
  return {
    id: CALENDAR,
    organization_id: ORG,
    name: 'Julekalender 2026',
    template: 'advent-24',
    starts_on: '2026-12-01',
    ends_on: '2026-12-24',
    door_time: '08:00:00',
    published_at: null,
    lock_past_doors: true,
    show_past_doors: true,
    requires_purchase: false,
    rules_text: null,
    consent_text: null,
    marketing_consent_text: null,
    reminder_time: '08:00:00',
    reminders_enabled: true,
    auto_draw: false,
    design: {},
    created_by: USER_ID,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    calendar_status: 'draft',
    ...overrides,
  };
}

/** Door `day` of the calendar: opens at 08:00 Oslo (07:00Z in December) on its date, closes at the next. */
export function doorRow(
  day: number,
  overrides: Partial<Tables<'calendar_doors'>> = {},
): Tables<'calendar_doors'> {
  const date = `2026-12-${String(day).padStart(2, '0')}`;
  const next = `2026-12-${String(day + 1).padStart(2, '0')}`;
  return {
    id: `d0000000-0000-4000-8000-${String(day).padStart(12, '0')}`,
    calendar_id: CALENDAR,
    organization_id: ORG,
    day_number: day,
    opens_on: date,
    opens_at: `${date}T07:00:00+00:00`,
    closes_at: `${next}T07:00:00+00:00`,
    title: null,
    body: null,
    media_id: null,
    link_url: null,
    link_label: null,
    quiz_kind: null,
    quiz_question: null,
    quiz_options: null,
    form_fields: [],
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

export function prizeRow(overrides: Partial<Tables<'campaign_prizes'>> = {}): Tables<'campaign_prizes'> {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    campaign_id: CALENDAR,
    organization_id: ORG,
    item_id: null,
    name: 'Gavekort 5000 kr',
    description: null,
    value_ore: 500_000,
    quantity: 1,
    drawn_by_chance: true,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

export function drawRow(overrides: Partial<Tables<'campaign_draws'>> = {}): Tables<'campaign_draws'> {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    campaign_id: CALENDAR,
    organization_id: ORG,
    item_id: null,
    prize_id: 'a0000000-0000-4000-8000-000000000001',
    eligibility: 'all',
    exclude_previous_winners: true,
    winners_count: 1,
    entry_ids: ['e1000000-0000-4000-8000-000000000001', 'e1000000-0000-4000-8000-000000000002'],
    entries_sha256: 'a'.repeat(64),
    committed_at: '2026-12-02T08:00:00Z',
    committed_by: USER_ID,
    seed_hex: null,
    drawn_at: null,
    ...overrides,
  };
}

export function winnerRow(
  overrides: Partial<Tables<'campaign_draw_winners'>> = {},
): Tables<'campaign_draw_winners'> {
  return {
    id: 'f0000000-0000-4000-8000-000000000001',
    campaign_id: CALENDAR,
    organization_id: ORG,
    draw_id: 'b0000000-0000-4000-8000-000000000001',
    entry_id: 'e1000000-0000-4000-8000-000000000001',
    participant_id: 'c1000000-0000-4000-8000-000000000001',
    rank: 1,
    status: 'pending',
    decided_at: null,
    created_at: '2026-12-02T08:01:00Z',
    added_as: 'draw',
    reason: null,
    ...overrides,
  };
}
