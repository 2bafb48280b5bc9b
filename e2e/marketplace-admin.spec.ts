import { expect, test } from './fixtures';
import { createMember, LEADTORGET } from './support/marketplace-data';

/*
 * The marketplace owner's view (/leads/marketplace/{id}/admin): member organizations by name through
 * the marketplace_members RPC — the owner belongs to none of them, so RLS alone would hide the names.
 */
test('the marketplace owner sees the member organizations by name', async ({ page, signInAs }) => {
  test.setTimeout(60_000);
  const member = await createMember({ label: 'medlem', plan: 'on_demand' });

  await signInAs(page, 'marte@leadtorget.no');
  await page.goto(`/leads/marketplace/${LEADTORGET}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Administrer Leadtorget' })).toBeVisible({
    timeout: 30_000,
  });
  const members = page.getByRole('region', { name: /^Medlemmer \(\d+\)$/ });
  const row = members.getByRole('row').filter({ hasText: member.organizationName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Etter behov');
  await expect(members.getByRole('row').filter({ hasText: 'Fjord Rør AS' })).toBeVisible();
  await expect(members).not.toContainText('ikke synlig');
  await members.getByRole('button', { name: /Organisasjon/ }).click();
  await expect(members.getByRole('columnheader', { name: /Organisasjon/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
});

test('a member of a member organization is refused the owner view', async ({ page, signInAs }) => {
  test.setTimeout(60_000);
  const member = await createMember({ label: 'medlem', plan: 'on_demand' });
  await signInAs(page, member.email);
  await page.goto(`/leads/marketplace/${LEADTORGET}/admin`);
  await expect(
    page.getByRole('heading', { name: 'Bare eieren av markedsplassen har tilgang til denne siden' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: /^Medlemmer/ })).toHaveCount(0);
});
