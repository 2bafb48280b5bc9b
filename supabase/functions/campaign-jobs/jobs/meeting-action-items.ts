/**
 * Meetings (docs/meetings.md «E-post og kalenderfiler»): once a day, the owner of each open action
 * item due today or tomorrow (Oslo) gets a reminder, once per due date
 * (claim_meeting_action_item_reminders; a new due date asks again).
 */
import { publicLink } from '../../_shared/public-paths.ts';
import { sendAll, type Job } from '../job.ts';
import { actionItemReminderEmail } from '../meeting-email.ts';

export const BATCH = 200;

const OSLO_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' });

export const meetingActionItems: Job = {
  name: 'meeting-action-items',
  async run(deps, input) {
    const claims = await deps.rpc('claim_meeting_action_item_reminders', {
      ...(input.now ? { input_now: input.now } : {}),
      input_limit: BATCH,
    });
    const today = OSLO_DATE.format(input.at);
    return sendAll(
      deps,
      'meeting-action-items',
      claims,
      (claim) => ({
        to: claim.email,
        ...actionItemReminderEmail({
          title: claim.title,
          dueOn: claim.due_on,
          dueToday: claim.due_on <= today,
          name: claim.name,
          meetingTitle: claim.meeting_title,
          organizationName: claim.organization_name,
          link: publicLink(deps.siteUrl, '/meeting'),
        }),
        tags: ['meeting-action-item'],
      }),
      (claim) => deps.rpc('release_meeting_action_item_reminder', { input_item_id: claim.item_id }),
    );
  },
};
