import { expect, test } from './fixtures';
import { admin } from './support/admin';
import { createCalendarWithClosedDoor } from './support/calendars';
import { readHeaders, waitForMessage } from './support/outbox';
import { overflowOf, PHONE } from './support/phone';

/*
 * The calendar's e-mails as a participant's phone shows them: the confirmation and today's reminder,
 * sent by the scheduled job's own function and read from the outbox, rendered in Chromium 360 px wide
 * with nothing wider than the screen (no sideways scrolling), in the calendar's colour with the
 * organization's contact; the reminder carries the one-click unsubscribe headers (RFC 8058).
 */

test('the confirmation and the reminder fit a 360 px screen; the reminder has one-click headers', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { calendarId, participants } = await createCalendarWithClosedDoor('epost360', {
    design: { primary_color: '#b91c1c' },
    contactEmail: 'post@trekning.example.no',
  });
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
    const button = page.getByRole('link', { name: /Se deltakelsen din|Åpne luke 2/ });
    await expect(button).toBeInViewport();
    // In the calendar's colour, under a header naming the organization, with its contact at the foot.
    await expect(button).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(button.locator('xpath=..')).toHaveCSS('background-color', 'rgb(185, 28, 28)');
    await expect(page.getByText(/^Trekning .+ AS$/)).toHaveCSS('background-color', 'rgb(185, 28, 28)');
    await expect(page.getByRole('link', { name: 'post@trekning.example.no' })).toHaveAttribute(
      'href',
      'mailto:post@trekning.example.no',
    );
    expect(mail.Text, mail.Subject).toContain('Spørsmål? Kontakt Trekning');
  }

  const headers = await readHeaders(reminder.ID);
  expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
  expect(headers['List-Unsubscribe']?.[0]).toMatch(
    new RegExp(
      `^<http://127\\.0\\.0\\.1:54321/functions/v1/unsubscribe\\?kind=calendar&id=${calendarId}&token=[0-9a-f]{64}>$`,
    ),
  );
});
