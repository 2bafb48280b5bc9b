import { expect, test } from './fixtures';
import { admin } from './support/admin';
import { createCalendarWithClosedDoor } from './support/calendars';
import { messagesTo, readMessage } from './support/outbox';

/*
 * The daily reminder through the scheduled job's own function: the service role runs
 * `calendar-reminders` (the embedded platform's scheduler calls it every five minutes too), the e-mail
 * with today's door reaches the outbox, and its one-click link turns the reminders off.
 */

test('a participant gets the reminder for today’s door and unsubscribes with one click', async ({ page }) => {
  test.setTimeout(90_000);
  const { calendarId, participants } = await createCalendarWithClosedDoor('paminnelse');
  const [participant] = participants;
  if (!participant) throw new Error('no participant');

  const run = await admin.functions.invoke<unknown>('campaign-jobs', { body: { job: 'calendar-reminders' } });
  expect(run.error).toBeNull();

  // The scheduler may have sent it first; either way exactly one reminder arrives today.
  const reminderSubject = /luke 2/i;
  await expect
    .poll(
      async () => (await messagesTo(participant.email)).filter((m) => reminderSubject.test(m.Subject)).length,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);
  const summary = (await messagesTo(participant.email)).find((m) => reminderSubject.test(m.Subject));
  const reminder = await readMessage(summary?.ID ?? '');
  expect(reminder.Text).toContain(`/calendar/${calendarId}/2`);
  const unsubscribe = /https?:\/\/\S+&unsubscribe=1/.exec(reminder.Text)?.[0];
  expect(unsubscribe).toBeDefined();

  const remindersOn = async () => {
    const { data } = await admin
      .from('campaign_registrations')
      .select('reminders_opt_in, participants!inner(email)')
      .eq('campaign_id', calendarId)
      .eq('participants.email', participant.email)
      .single();
    return data?.reminders_opt_in;
  };

  // Opening the link (as a mail scanner would) changes nothing; the participant's click does.
  await page.goto(unsubscribe ?? '');
  await expect(page.getByText(/Vil du ikke ha flere påminnelser fra Adventsdager\?/)).toBeVisible({
    timeout: 30_000,
  });
  expect(await remindersOn()).toBe(true);
  await page.getByRole('button', { name: 'Slå av påminnelser fra Adventsdager' }).click();
  await expect(page.getByText('Du får ikke flere påminnelser fra Adventsdager.')).toBeVisible();
  await expect.poll(remindersOn).toBe(false);
});
