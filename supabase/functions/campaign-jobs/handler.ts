/**
 * POST /functions/v1/campaign-jobs `{ job, now? }` with the service key: the campaigns' scheduled work
 * (docs/campaign-engine.md «Scheduled work»). pg_cron + pg_net on hosted Supabase and the embedded
 * platform's scheduler call it from private.scheduled_jobs; tests call it with an explicit `now`.
 *
 * Order: method → the service key (none: 401 not-signed-in; any other key or user: 403 forbidden) →
 * JSON and input (400 invalid-body) → the job:
 * - `calendar-confirmations`: claims the participants without a confirmation (each with a fresh
 *   participation token) and e-mails «Takk for at du er med i …» with the participation link.
 * - `calendar-reminders`: claims the reminders due at `now` (default: the database's clock) and
 *   e-mails today's door with a one-click unsubscribe link.
 * - `calendar-draws`: runs the automatic draws (always by the database's clock: a draw must never
 *   start before its door has really closed, whatever `now` says).
 * A claimed e-mail that cannot be sent is released, so the next run tries again; the answer counts
 * what was sent and what failed: 200 `{ job, sent, failed }` or `{ job, draws }`.
 */
import { z } from '../_shared/deps.ts';
import { errorResponse, json, methodNotAllowed, preflight, type Log } from '../_shared/http.ts';
import type { Mail, Mailer } from '../_shared/mailer.ts';
import { readBody } from '../_shared/validation.ts';
import { confirmationEmail, reminderEmail } from './email.ts';

/** claim_calendar_confirmations' rows (20261127090000_calendar_engine.sql). */
export interface ConfirmationClaim {
  participant_id: string;
  email: string;
  name: string | null;
  calendar_id: string;
  calendar_name: string;
  organization_name: string;
  token: string;
}

/** claim_calendar_reminders' rows. */
export interface ReminderClaim extends ConfirmationClaim {
  day_number: number;
  door_opens_at: string;
  /** The Oslo date the reminder is for (YYYY-MM-DD), to release it. */
  reminded_on: string;
}

/** run_calendar_auto_draws' rows. */
export interface AutoDraw {
  draw_id: string;
  calendar_id: string;
  door_id: string | null;
  winners: number;
}

export interface CampaignJobsDb {
  claimConfirmations(limit: number): Promise<ConfirmationClaim[]>;
  releaseConfirmation(participantId: string): Promise<void>;
  /** `now` null: the database's clock. */
  claimReminders(now: string | null, limit: number): Promise<ReminderClaim[]>;
  releaseReminder(participantId: string, remindedOn: string): Promise<void>;
  runAutoDraws(): Promise<AutoDraw[]>;
}

export interface CampaignJobsDeps {
  /** Whether the request's bearer token is the service key. */
  isServiceKey(token: string): boolean;
  db: CampaignJobsDb;
  mailer: Mailer;
  /** Base of the links (the app), SITE_URL. */
  siteUrl: string;
  /** The function's clock when the body has no `now` (tests). */
  clock?: () => Date;
  log?: Log;
}

export const JOBS = ['calendar-confirmations', 'calendar-reminders', 'calendar-draws'] as const;
export type JobName = (typeof JOBS)[number];

/** One run's share of each queue; the rest waits for the next run (a minute or five later). */
export const BATCH = { confirmations: 200, reminders: 500 } as const;
/** E-mails in flight at once. */
const CONCURRENCY = 8;

const inputSchema = z.object({
  job: z.enum(JOBS),
  now: z.iso.datetime({ offset: true }).optional(),
});

/** Compares two secrets in time that does not depend on where they first differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0 && expected.length > 0;
}

function base(siteUrl: string): string {
  return siteUrl.replace(/\/+$/, '');
}

/** `<site>/calendar/participation?id=<calendar>&token=<token>` (+ `&unsubscribe=1`). */
export function participationLink(siteUrl: string, calendarId: string, token: string, unsubscribe = false) {
  const query = new URLSearchParams({ id: calendarId, token });
  if (unsubscribe) query.set('unsubscribe', '1');
  return `${base(siteUrl)}/calendar/participation?${query.toString()}`;
}

/** `<site>/calendar/<id>` or `<site>/calendar/<id>/<day>`. */
export function calendarLink(siteUrl: string, calendarId: string, dayNumber?: number) {
  const door = dayNumber === undefined ? '' : `/${dayNumber}`;
  return `${base(siteUrl)}/calendar/${encodeURIComponent(calendarId)}${door}`;
}

/** Sends each claim's e-mail, a few at a time; a failure releases that claim. */
async function sendAll<Claim>(
  mailer: Mailer,
  claims: Claim[],
  mailOf: (claim: Claim) => Mail,
  release: (claim: Claim) => Promise<void>,
  log: Log,
  job: JobName,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let start = 0; start < claims.length; start += CONCURRENCY) {
    const batch = claims.slice(start, start + CONCURRENCY);
    const results = await Promise.allSettled(batch.map((claim) => mailer.send(mailOf(claim))));
    for (const [index, result] of results.entries()) {
      if (result.status === 'fulfilled') {
        sent += 1;
        continue;
      }
      failed += 1;
      log(`campaign-jobs ${job}: an e-mail failed, released for the next run`, result.reason);
      try {
        await release(batch[index]!);
      } catch (error) {
        log(`campaign-jobs ${job}: releasing a failed e-mail failed`, error);
      }
    }
  }
  return { sent, failed };
}

export async function handleCampaignJobs(request: Request, deps: CampaignJobsDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? (() => undefined);

  const header = request.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) return errorResponse(401, 'not-signed-in');
  if (!deps.isServiceKey(token)) return errorResponse(403, 'forbidden');

  const input = await readBody(request, inputSchema);
  if (!input) return errorResponse(400, 'invalid-body');

  try {
    if (input.job === 'calendar-draws') {
      const draws = await deps.db.runAutoDraws();
      return json(200, { job: input.job, draws: draws.length });
    }
    if (input.job === 'calendar-confirmations') {
      const claims = await deps.db.claimConfirmations(BATCH.confirmations);
      const result = await sendAll(
        deps.mailer,
        claims,
        (claim) => ({
          to: claim.email,
          ...confirmationEmail({
            calendarName: claim.calendar_name,
            organizationName: claim.organization_name,
            name: claim.name,
            participationLink: participationLink(deps.siteUrl, claim.calendar_id, claim.token),
            calendarLink: calendarLink(deps.siteUrl, claim.calendar_id),
          }),
          tags: ['calendar-confirmation'],
        }),
        (claim) => deps.db.releaseConfirmation(claim.participant_id),
        log,
        input.job,
      );
      return json(200, { job: input.job, ...result });
    }
    const now = input.now ? new Date(input.now) : (deps.clock?.() ?? new Date());
    const claims = await deps.db.claimReminders(input.now ?? null, BATCH.reminders);
    const result = await sendAll(
      deps.mailer,
      claims,
      (claim) => ({
        to: claim.email,
        ...reminderEmail({
          calendarName: claim.calendar_name,
          organizationName: claim.organization_name,
          name: claim.name,
          dayNumber: claim.day_number,
          doorOpensAt: new Date(claim.door_opens_at),
          now,
          doorLink: calendarLink(deps.siteUrl, claim.calendar_id, claim.day_number),
          unsubscribeLink: participationLink(deps.siteUrl, claim.calendar_id, claim.token, true),
        }),
        tags: ['calendar-reminder'],
      }),
      (claim) => deps.db.releaseReminder(claim.participant_id, claim.reminded_on),
      log,
      input.job,
    );
    return json(200, { job: input.job, ...result });
  } catch (error) {
    log(`campaign-jobs ${input.job}: unexpected failure`, error);
    return errorResponse(500, 'unknown');
  }
}
