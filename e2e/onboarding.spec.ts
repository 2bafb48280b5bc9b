import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, createOrganization, createUser, LEADTORGET, uniqueSuffix } from './support/admin';
import { extractLink, waitForMessage } from './support/outbox';

/*
 * Onboarding (docs/auth-onboarding.md): a stranger on the host's join page becomes a
 * member of an organization on the marketplace with a plan — sign-up on /auth, the confirmation
 * e-mail from the outbox, organization creation, back to the saved target, «Bli med», «Velg plan»,
 * and guard rule 9 asks for a card. And a preselected plan link for an organization that has not
 * joined. Every test makes its own users; the demo accounts stay untouched.
 */

const routeName = (page: Page) => page.locator('#root');
const freshEmail = (name: string) => `${name}.${uniqueSuffix()}@example.no`;

test('a stranger signs up from the join page, creates an organization, joins and picks a plan', async ({
  page,
}) => {
  const email = freshEmail('stranger');
  // Unique per attempt, so a retry finds its own organization.
  const organizationName = `Strand Bygg ${uniqueSuffix()} AS`;

  // The host's join page, before sign-in.
  await page.goto('/bli-partner');
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'onboarding-marketplace-join');
  await expect(page.getByRole('heading', { level: 1, name: 'Bli partner på Leadtorget' })).toBeVisible();
  // The public door (e2e/public-door.spec.ts): the packs are facts here, chosen after sign-up.
  await expect(page.getByText(/^10 klipp for /)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Bli med' }).first().click();

  // Sign-up on /auth.
  await expect(page).toHaveURL('/auth');
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Opprett konto' })).toBeVisible();
  await page.getByLabel('Fullt navn').fill('Siv Strand');
  await page.getByLabel('E-post', { exact: true }).fill(email);
  await page.getByLabel('Passord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel(/Jeg godtar vilkårene/).check();
  const since = Date.now();
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page.getByRole('heading', { name: 'Sjekk e-posten din' })).toBeVisible();

  // The confirmation e-mail, opened in the same tab (the saved target lives in sessionStorage).
  const message = await waitForMessage(email, { since });
  await page.goto(extractLink(message, '/auth/management'));

  // No organization yet: the guard asks for one and remembers the registration step.
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'onboarding-organization-create', {
    timeout: 15_000,
  });
  await expectNoAxeViolations(page);
  await page.getByLabel('Navn på organisasjonen').fill(organizationName);
  await page.getByLabel('Organisasjonsnummer').fill('923 609 017');
  await page.getByRole('button', { name: 'Opprett organisasjon' }).click();
  await expect(page.getByLabel('Organisasjonsnummer')).toHaveAccessibleDescription(
    /Dette er ikke et gyldig organisasjonsnummer/,
  );
  await expectNoAxeViolations(page);
  await page.getByLabel('Organisasjonsnummer').fill('923 609 016');
  await page.getByLabel('Kontakt-e-post').fill('post@strandbygg.no');
  await page.getByRole('button', { name: 'Opprett organisasjon' }).click();

  // Back on the saved target: join this host's marketplace.
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'onboarding-marketplace-register');
  await expect(page).toHaveURL(/\/onboarding\/registrer/);
  await expect(page.getByText(`Organisasjon: ${organizationName}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Bli med' }).click();

  // The plans: a pack of 25 tickets.
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'onboarding-marketplace-plans');
  await expect(page.getByRole('radio', { name: '25 klipp' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('radio', { name: '25 klipp' }).check();
  await expect(page.getByRole('radio', { name: 'Klippekort' })).toBeChecked();
  await page.getByRole('button', { name: 'Velg plan' }).click();

  // No tickets and no card yet: rule 9 asks for a card, remembering the marketplace.
  await expect(page).toHaveURL('/payments/setup');
  expect(await page.evaluate(() => sessionStorage.getItem('leadtorget.return-to'))).toBe('/');

  // What the database holds now.
  const { data: organization } = await admin
    .from('organizations')
    .select('id, organization_number, contact_email')
    .eq('name', organizationName)
    .single()
    .throwOnError();
  expect(organization).toMatchObject({
    organization_number: '923609016',
    contact_email: 'post@strandbygg.no',
  });
  const { data: plan } = await admin
    .from('organizations_marketplaces_configs')
    .select('plan, tickets_per_month')
    .eq('organization_id', organization.id)
    .eq('marketplace_id', LEADTORGET)
    .single()
    .throwOnError();
  expect(plan).toEqual({ plan: 'tickets', tickets_per_month: 25 });
});

test('a preselected plan link joins the organization and opens the plans with the 10-pack chosen', async ({
  page,
  signInAs,
}) => {
  // A confirmed user with a profile and an organization that has not joined any marketplace.
  const { id: userId, email } = await createUser('owner', 'Olav Eier');
  const organizationId = await createOrganization(userId, 'Eier Elektro AS');

  await signInAs(page, email);
  await page.goto('/?plan=tickets&tickets=10');

  await expect(routeName(page)).toHaveAttribute('data-route-name', 'onboarding-marketplace-plans');
  await expect(page).toHaveURL('/onboarding/marketplace/plans?plan=tickets&tickets=10');
  await expect(page.getByRole('radio', { name: '10 klipp' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Klippekort' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Etter behov' })).not.toBeChecked();

  // Guard rule 7 joined the organization on the way (it came with a plan).
  const { data: membership } = await admin
    .from('marketplaces_organizations')
    .select('marketplace_id')
    .eq('organization_id', organizationId)
    .throwOnError();
  expect(membership).toEqual([{ marketplace_id: LEADTORGET }]);

  await page.getByRole('button', { name: 'Velg plan' }).click();
  await expect(page).toHaveURL('/payments/setup');
});
