import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createOrganization, createUser } from './support/admin';
import { tabTo } from './support/keyboard';

/*
 * The app shell with the keyboard alone (src/app/layouts/app-layout.tsx): the user menu, the
 * searchable organization switcher, the collapsible side bar on a desktop, the drawer on a phone, and
 * the focus on the page's heading after every route change.
 */

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/** A fresh user who owns two organizations, so switching has somewhere to go. */
async function userWithTwoOrganizations() {
  const user = await createUser('skall', 'Sigrid Skall');
  const first = `Alfa ${user.suffix} AS`;
  const second = `Bjørk ${user.suffix} AS`;
  await createOrganization(user.id, first);
  await createOrganization(user.id, second);
  return { user, first, second };
}

test.describe('on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the user menu, the organization switcher and the side bar work with the keyboard alone', async ({
    page,
    signInAs,
  }) => {
    const { user, first, second } = await userWithTwoOrganizations();
    await signInAs(page, user.email);
    await page.goto('/organization');
    await expect(heading(page)).toContainText('Organisasjon:');
    const switcher = page.getByRole('banner').getByRole('button', { name: /Bytt organisasjon/ });
    const startName = (await switcher.textContent())?.includes(first) ? first : second;
    const otherName = startName === first ? second : first;
    await expect(heading(page)).toHaveText(`Organisasjon: ${startName}`);

    // The user menu: Enter opens it on its first entry, Escape gives the focus back.
    const account = page.getByRole('button', { name: 'Konto' });
    await tabTo(page, account);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Min konto' })).toBeFocused();
    await expect(page.getByRole('menu')).toContainText(user.email);
    await expect(page.getByRole('menuitem', { name: 'Logg ut' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(account).toBeFocused();

    // The switcher: type to filter, Enter picks; the page follows the new organization.
    await tabTo(page, switcher);
    await page.keyboard.press('Enter');
    const search = page.getByRole('combobox', { name: 'Søk etter organisasjon' });
    await expect(search).toBeFocused();
    await expect(page.getByRole('option')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Opprett organisasjon' })).toBeVisible();
    await page.keyboard.type(otherName.slice(0, 4).toLowerCase());
    await expect(page.getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option', { selected: true })).toHaveText(otherName);
    await page.keyboard.press('Enter');
    await expect(search).toBeHidden();
    await expect(switcher).toBeFocused();
    await expect(switcher).toContainText(otherName);
    await expect(heading(page)).toHaveText(`Organisasjon: ${otherName}`);

    // Collapsed to icons: the links keep their names, and the choice is remembered.
    const collapse = page.getByRole('button', { name: 'Skjul sidemenyen' });
    await tabTo(page, collapse);
    await page.keyboard.press('Enter');
    const expand = page.getByRole('button', { name: 'Vis sidemenyen' });
    await expect(expand).toBeFocused();
    const navigation = page.getByRole('navigation', { name: 'Hovedmeny' });
    const leads = navigation.getByRole('link', { name: 'Leads' });
    expect((await leads.boundingBox())?.width ?? 999).toBeLessThan(80);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Vis sidemenyen' })).toBeVisible();

    // Navigating moves the focus to the new page's heading and announces its title.
    await tabTo(page, navigation.getByRole('link', { name: 'Betaling' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/payments$/);
    await expect(heading(page)).toBeFocused();
    await expect(
      page.locator('[aria-live="polite"]').filter({ hasText: 'Betaling · Leadtorget' }),
    ).toHaveCount(1);
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the drawer keeps the focus inside, Escape closes it, and a link moves the focus to the new heading', async ({
    page,
    signInAs,
  }) => {
    await signInAs(page, 'ola@fjordror.no');
    await page.goto('/leads');
    await expect(page.locator('#root')).toHaveAttribute('data-route-name', 'leads');
    await expect(page.getByRole('navigation', { name: 'Hovedmeny' })).toBeHidden();

    const menuButton = page.getByRole('button', { name: 'Meny', exact: true });
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Meny' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: /Bytt organisasjon/ })).toBeVisible();
    // Tab walks around inside the drawer and never reaches the page behind it.
    for (let presses = 0; presses < 25; presses++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await tabTo(page, drawer.getByRole('link', { name: 'Kalendere' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/calendar\/list$/);
    await expect(drawer).toBeHidden();
    await expect(heading(page)).toBeFocused();
  });
});
