import { expect, test } from './fixtures';
import { admin } from './support/admin';
import { createCalendarWithClosedDoor } from './support/calendars';
import { readHeaders, waitForMessage } from './support/outbox';
import { overflowOf, PHONE } from './support/phone';

/*
 * The calendar's e-mails as a participant's phone shows them: the confirmation and today's reminder,
 * sent by the scheduled job's own function and read from the outbox, rendered in Chromium 360 px wide
 * with nothing wider than the screen (no sideways scrolling); the reminder carries the one-click
 * unsubscribe headers (RFC 8058).
 */

test('the confirmation and the reminder fit a 360 px screen; the reminder has one-click headers', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { calendarId, participants } = await createCalendarWithClosedDoor('epost360');
  const [participant] = participants;
  if (!participant) throw new Error('no participant');

  for (const job of ['calendar-confirmations', 'calendar-reminders']) {
    const run = await admin.functions.invoke<unknown>('campaign-jobs', { body: { job } });
    expect(run.error).toBeNull();
  }
  // The scheduler may have sent them first; either way each arrives once.
  const confirmation = await waitForMessage(participant.email, {
    subject: /^Takk for at du er med i /,
    timeout: 30_000,
  });
  const reminder = await waitForMessage(participant.email, { subject: /^Luke 2 /, timeout: 30_000 });

  await page.setViewportSize(PHONE);
  for (const mail of [confirmation, reminder]) {
    await page.setContent(mail.HTML);
    const overflow = await overflowOf(page);
    expect(overflow.width, mail.Subject).toBe(PHONE.width);
    expect(overflow.wider, mail.Subject).toEqual([]);
    expect(overflow.scrollWidth, mail.Subject).toBeLessThanOrEqual(PHONE.width);
    // The button is there and fits too.
    await expect(page.getByRole('link', { name: /Se deltakelsen din|Åpne luke 2/ })).toBeInViewport();
  }

  const headers = await readHeaders(reminder.ID);
  expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
  expect(headers['List-Unsubscribe']?.[0]).toMatch(
    new RegExp(
      `^<http://127\\.0\\.0\\.1:54321/functions/v1/unsubscribe\\?kind=calendar&id=${calendarId}&token=[0-9a-f]{64}>$`,
    ),
  );
});
