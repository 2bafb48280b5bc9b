import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { watchConsoleErrors } from './support/console';
import { admin, check, createMember } from './support/marketplace-data';

/*
 * «Motta betaling i kassene» on /payments against `npm start` with the local provider (no Stripe
 * keys): «Koble til Stripe» connects the local test account, which is ready at once, and the browser
 * comes back to /payments the way Stripe's Account Link returns (docs/payments.md «Stripe Connect»).
 */
test('an owner connects the local test account and /payments says it takes payments', async ({
  page,
  signInAs,
}) => {
  const consoleErrors = watchConsoleErrors(page);
  const member = await createMember({ label: 'selger' });
  await signInAs(page, member.email);
  await page.goto('/payments');
  const panel = page.getByRole('region', { name: 'Motta betaling i kassene' });
  await expect(panel).toContainText('Ikke koblet til');
  await expectNoAxeViolations(page);

  await panel.getByRole('button', { name: 'Koble til Stripe' }).click();
  // Back on /payments from the «link», the marker dropped once the state was asked for.
  await expect(panel).toContainText('Status hentet fra Stripe: Klar til å motta betaling.');
  await expect(page).toHaveURL(/\/payments$/);
  await expect(panel).toContainText('Testkonto (lokal)');
  await expect(panel.getByRole('heading', { name: 'Motta betaling i kassene' })).toBeFocused();
  await expect(panel.getByRole('button', { name: 'Koble til Stripe' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const rows = await check(
    admin
      .from('seller_accounts')
      .select('provider, account_id, charges_enabled')
      .eq('organization_id', member.organizationId),
  );
  expect(rows).toEqual([
    {
      provider: 'local',
      account_id: `acct_local_${member.organizationId.replaceAll('-', '')}`,
      charges_enabled: true,
    },
  ]);
  consoleErrors.expectNone();
});
