import { randomUUID } from 'node:crypto';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import { sql } from './marketplace.ts';
import { newFjordRor } from './organization.ts';

/** A published calendar of a new organization (`Fjord Rør AS`, its owner a new signed-in user). */
export interface TestCalendar {
  organizationId: string;
  calendarId: string;
}

/**
 * A published daily calendar from yesterday to tomorrow (Oslo) whose doors stay open, so door 1 is
 * open whenever the test runs, by the real clock.
 */
export async function openDailyCalendar(platform: TestPlatform): Promise<TestCalendar> {
  const organizationId = await newFjordRor(platform, 'kalender');
  const calendarId = randomUUID();
  await sql(
    platform,
    `insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text)
     values ($1, $2, 'calendar', 'Julekalender', now(), 'Jeg godtar reglene.')`,
    [calendarId, organizationId],
  );
  await sql(
    platform,
    `insert into public.calendars (id, organization_id, template, starts_on, ends_on, door_time, lock_past_doors)
     select $1, $2, 'daily', today - 1, today + 1, '00:00', false
     from (select (now() at time zone 'Europe/Oslo')::date as today) as t`,
    [calendarId, organizationId],
  );
  return { organizationId, calendarId };
}
