import { DEMO_PASSWORD, expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, createOrganization, createUser as createTestUser } from './support/admin';
import { freshTotp } from './support/totp';

/*
 * Account settings and organizations: MFA enrolment on /profile and a later sign-in with
 * a TOTP code; an owner invites a new e-mail from /organization, the invitation e-mail arrives in
 * the outbox, and the invitee accepts it through /auth/management and becomes a member. Every test
 * makes its own users through the admin API (the demo accounts stay untouched), with the demo
 * password so the `signInAs` fixture can sign them in.
 */

const OUTBOX_URL = 'http://127.0.0.1:54324';

/** A confirmed user with a profile (and, for an owner, an organization). */
async function createUser(name: string, options: { organization?: string } = {}) {
  const user = await createTestUser(name.toLowerCase().replace(/\W+/g, '.'), name);
  const organizationId = options.organization
    ? await createOrganization(user.id, options.organization)
    : null;
  return { ...user, organizationId };
}

type OutboxMessage = { ID: string; To: { Address: string }[]; Subject: string };

/** The newest outbox message to `address`, waiting for it to arrive. */
async function waitForMail(address: string): Promise<{ Text: string; HTML: string; Subject: string }> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await fetch(`${OUTBOX_URL}/api/v1/messages`)).json()) as {
          messages: OutboxMessage[];
        };
        found = list.messages.find((message) =>
          message.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()),
        );
        return found !== undefined;
      },
      { timeout: 15_000, message: `an e-mail to ${address} in the outbox` },
    )
    .toBe(true);
  return (await (await fetch(`${OUTBOX_URL}/api/v1/message/${found!.ID}`)).json()) as {
    Text: string;
    HTML: string;
    Subject: string;
  };
}

test('MFA: enrol a TOTP app on /profile, then sign in again with password and code', async ({
  page,
  signInAs,
}) => {
  const user = await createUser('Tone Totp', { organization: 'Totp Bygg AS' });
  await signInAs(page, user.email);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Min konto' })).toBeVisible();
  for (const name of ['Profil', 'E-post', 'Passord', 'Tofaktorautentisering', 'Logg ut']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page);

  const mfa = page.getByRole('region', { name: 'Tofaktorautentisering' });
  await mfa.getByRole('button', { name: 'Slå på tofaktorautentisering' }).click();
  await expect(mfa.getByRole('img', { name: 'QR-kode for autentiseringsappen' })).toBeVisible();
  const secret = (await mfa.locator('code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await mfa.getByLabel('Kode fra autentiseringsappen').fill(await freshTotp(secret));
  await mfa.getByRole('button', { name: 'Bekreft', exact: true }).click();
  await expect(mfa.getByRole('button', { name: /Fjern autentiseringsapp/ })).toBeVisible();
  await expect(page).toHaveURL('/profile');

  // Sign out of this device; the profile page is remembered as the target of the next sign-in.
  await page.getByRole('button', { name: 'Logg ut på denne enheten' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth/);

  await page.getByLabel('E-post', { exact: true }).fill(user.email);
  await page.getByLabel('Passord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Logg inn', exact: true }).click();

  const code = page.getByLabel('Kode fra autentiseringsappen');
  await expect(code).toBeVisible();
  await code.fill(await freshTotp(secret));
  await page.getByRole('button', { name: 'Bekreft', exact: true }).click();

  // Signed in at aal2: the code step is gone and the user is back on the saved target.
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Min konto' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Fjern autentiseringsapp/ })).toBeVisible();
});

test('an owner invites a new e-mail from /organization; the invitee accepts from the e-mail', async ({
  page,
  browser,
  signInAs,
}) => {
  const owner = await createUser('Olga Eier', { organization: 'Inviterings AS' });
  const invitee = await createUser('Ivar Invitert');

  await signInAs(page, owner.email);
  await page.goto('/organization');
  await expect(page.getByRole('heading', { level: 1, name: 'Organisasjon: Inviterings AS' })).toBeVisible();
  await page.getByRole('tab', { name: 'Medlemmer' }).click();
  await expect(page.getByRole('cell', { name: owner.email, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: 'E-post', exact: true }).fill(invitee.email);
  await page.getByRole('combobox', { name: 'Rolle', exact: true }).selectOption('admin');
  await page.getByRole('button', { name: 'Send invitasjon' }).click();
  await expect(page.getByRole('cell', { name: invitee.email, exact: true })).toBeVisible();

  const mail = await waitForMail(invitee.email);
  const link = /https?:\/\/[^\s"'<>]+\/auth\/management\?[^\s"'<>]+/.exec(mail.Text || mail.HTML)?.[0];
  expect(link, 'the invitation link').toBeDefined();
  const url = new URL(link!.replace(/&amp;/g, '&'));
  expect(url.searchParams.get('mode')).toBe('acceptOrganizationInvite');
  expect(url.searchParams.get('oobCode')).toBeTruthy();

  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await signInAs(inviteePage, invitee.email);
  await inviteePage.goto(`${url.pathname}${url.search}`);

  await expect
    .poll(
      async () => {
        const { data } = await admin
          .from('organizations_members')
          .select('role')
          .eq('organization_id', owner.organizationId!)
          .eq('member_id', invitee.id);
        const rows: { role: string }[] = data ?? [];
        return rows[0]?.role ?? null;
      },
      { timeout: 15_000, message: 'the invitee becomes a member' },
    )
    .toBe('admin');

  await inviteePage.goto('/organization');
  await expect(
    inviteePage.getByRole('heading', { level: 1, name: 'Organisasjon: Inviterings AS' }),
  ).toBeVisible();
  await inviteeContext.close();

  // The owner sees the new member and no pending invitation.
  await page.reload();
  await page.getByRole('tab', { name: 'Medlemmer' }).click();
  await expect(page.getByRole('combobox', { name: `Rolle for ${invitee.name}` })).toHaveValue('admin');
  await expect(page.getByText('Ingen ventende invitasjoner.')).toBeVisible();
});
