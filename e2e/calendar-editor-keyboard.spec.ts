import { expect, test } from './fixtures';
import { createOrganization, createUser } from './support/admin';
import { insertCalendar, osloDay } from './support/calendars';
import { tabTo } from './support/keyboard';

/*
 * The calendar editor with the keyboard alone, as the pattern for every editor: the section tabs
 * move with the arrow keys, a suggestion and a save are reached with Tab and pressed with Enter, the
 * focus stays on the control used, and «Publiser» asks in a dialog that Escape closes, giving the
 * focus back to the button.
 */
test('the calendar editor works with the keyboard alone', async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  const owner = await createUser('tastatur', 'Tore Tastatur');
  const organizationId = await createOrganization(owner.id, `Tastatur ${owner.suffix} AS`);
  const calendarId = await insertCalendar({
    organization_id: organizationId,
    name: 'Tastaturkalender',
    template: 'daily',
    starts_on: osloDay(1),
    ends_on: osloDay(3),
  });
  await signInAs(page, owner.email);
  await page.goto(`/calendar/${calendarId}/edit`);
  await expect(page.getByRole('heading', { name: 'Tastaturkalender', level: 1 })).toBeVisible({
    timeout: 30_000,
  });

  // The section tabs: Tab into the list, arrows to «Regler og samtykke» (activated as it is reached).
  const tabs = page.getByRole('tab');
  await tabTo(page, tabs.first());
  const rulesTab = page.getByRole('tab', { name: 'Regler og samtykke' });
  for (let presses = 0; presses < 10; presses++) {
    if (await rulesTab.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('ArrowRight');
  }
  await expect(rulesTab).toBeFocused();
  await expect(rulesTab).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/section=rules/);

  // A suggestion for the consent text, then save: Enter on each, the focus stays where it was.
  const suggest = page.getByRole('button', { name: 'Bruk forslag' });
  await tabTo(page, suggest);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Samtykketekst')).toHaveValue(/Jeg godtar reglene/);
  const save = page.getByRole('button', { name: 'Lagre regler og samtykke' });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('region', { name: /^Varsler/ })
      .getByText('Lagret.')
      .first(),
  ).toBeVisible();
  await expect(save).toBeFocused();

  // «Publiser» asks first: the dialog takes the focus, Escape closes it and gives it back.
  const publish = page.getByRole('button', { name: 'Publiser', exact: true });
  await expect(publish).toBeEnabled();
  // It sits above the tabs: Shift+Tab back to it.
  for (let presses = 0; presses < 60; presses++) {
    if (await publish.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Shift+Tab');
  }
  await expect(publish).toBeFocused();
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Publisere «Tastaturkalender»?' });
  await expect(ask).toBeVisible();
  await expect.poll(() => ask.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(publish).toBeFocused();
});
