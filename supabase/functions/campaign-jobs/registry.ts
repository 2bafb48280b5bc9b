/**
 * The scheduled jobs campaign-jobs runs, by name. Adding a job: its module in jobs/, its line here,
 * and its row in private.scheduled_jobs (a migration) that calls it on a schedule.
 */
import type { Job } from './job.ts';
import { bookingReminders } from './jobs/booking-reminders.ts';
import { campaignUploadsSweep } from './jobs/campaign-uploads-sweep.ts';
import { calendarConfirmations } from './jobs/calendar-confirmations.ts';
import { calendarDraws } from './jobs/calendar-draws.ts';
import { calendarReminders } from './jobs/calendar-reminders.ts';
import { checkoutOrderExpiry } from './jobs/checkout-order-expiry.ts';
import { checkoutRecovery } from './jobs/checkout-recovery.ts';
import { competitionCaptainNotices } from './jobs/competition-captain-notices.ts';
import { competitionConfirmations } from './jobs/competition-confirmations.ts';
import { competitionResults } from './jobs/competition-results.ts';
import { competitionStandings } from './jobs/competition-standings.ts';
import { formConfirmations } from './jobs/form-confirmations.ts';
import { formDigests } from './jobs/form-digests.ts';
import { formNotifications } from './jobs/form-notifications.ts';
import { leadErasureNotices } from './jobs/lead-erasure-notices.ts';
import { meetingActionItems } from './jobs/meeting-action-items.ts';
import { meetingCalendar } from './jobs/meeting-calendar.ts';
import { meetingPolls } from './jobs/meeting-polls.ts';
import { meetingRoomRelease } from './jobs/meeting-room-release.ts';
import { meetingSummaries } from './jobs/meeting-summaries.ts';

export const JOB_LIST: readonly Job[] = [
  calendarConfirmations,
  calendarReminders,
  calendarDraws,
  leadErasureNotices,
  competitionConfirmations,
  competitionCaptainNotices,
  competitionStandings,
  competitionResults,
  campaignUploadsSweep,
  formNotifications,
  formConfirmations,
  formDigests,
  checkoutRecovery,
  checkoutOrderExpiry,
  meetingRoomRelease,
  bookingReminders,
  meetingPolls,
  meetingCalendar,
  meetingSummaries,
  meetingActionItems,
];

export const JOBS = JOB_LIST.map((job) => job.name);
