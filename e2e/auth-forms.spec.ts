import type { ConsoleMessage, Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { extractLink, waitForMessage } from './support/outbox';

/*
 * The auth screens as a new user meets them: every field error at once with
 * focus on the first, the terms one click away, a wrong code called wrong, and a console with nothing
 * red from sign-up to the first organization.
 */

const fresh = (label: string) => `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.no`;

/** A random organization number that passes Brønnøysund's modulus-11 check. */
function freshOrganizationNumber(): string {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const digits = [
      8 + Math.floor(Math.random() * 2),
      ...Array.from({ length: 7 }, () => Math.floor(Math.random() * 10)),
    ];
    const rest = 11 - (digits.reduce((sum, digit, index) => sum + digit * (weights[index] ?? 0), 0) % 11);
    if (rest === 10) continue;
    return `${digits.join('')}${rest === 11 ? 0 : rest}`;
  }
}

async function expectRoute(page: Page, name: string) {
  await expect(page.locator('#root')).toHaveAttribute('data-route-name', name, { timeout: 15_000 });
}

/** Everything a happy path must not produce: console errors and warnings, failed or refused requests. */
function watchForNoise(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      noise.push(`console.${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => noise.push(`page error: ${error.message}`));
  page.on('response', (response: Response) => {
    if (response.status() >= 400) {
      noise.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // Cancelled by the browser itself (a navigation leaving an image half-loaded), not refused.
    if (reason === 'net::ERR_ABORTED') return;
    noise.push(`failed ${request.method()} ${request.url()}: ${reason}`);
  });
  return noise;
}

test('sign-up shows every field error at once, focuses the first, and links to the terms', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Opprett konto' })).toBeVisible();

  await page.getByLabel('E-post').fill('ikke-en-adresse');
  await page.getByLabel('Passord').fill('svakt');
  await page.getByRole('button', { name: 'Opprett konto' }).click();

  // A bad e-mail no longer hides what is wrong with the password (or the rest).
  await expect(page.getByLabel('Fullt navn')).toHaveAccessibleDescription(/Skriv inn hele navnet ditt/u);
  await expect(page.getByLabel('E-post')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Passord')).toHaveAccessibleDescription(/Passordet må ha minst 8 tegn/u);
  await expect(page.getByLabel('Passord')).toHaveAccessibleDescription(
    /Passordet må inneholde små og store bokstaver, tall og spesialtegn/u,
  );
  await expect(page.getByText('Du må godta vilkårene for å opprette en konto.')).toBeVisible();
  await expect(page.getByLabel('Fullt navn')).toBeFocused();

  // Fixing the first moves focus to the next one still wrong on the next try.
  await page.getByLabel('Fullt navn').fill('Terje Tester');
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page.getByLabel('E-post')).toBeFocused();

  // The terms, one click from the checkbox, on a page of their own in a new tab (the form keeps
  // what was typed).
  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'vilkårene' }).click();
  const terms = await opened;
  await expectRoute(terms, 'terms');
  await expect(terms).toHaveTitle('Vilkår · Leadtorget');
  await expect(terms.getByRole('heading', { level: 1, name: 'Vilkår for bruk av Leadtorget' })).toBeVisible();
  await expect(terms.getByRole('heading', { level: 2, name: 'Personvern og samtykke' })).toBeVisible();
  await expectNoAxeViolations(terms);
  await expect(page.getByLabel('Fullt navn')).toHaveValue('Terje Tester');
});

test('a wrong one-time code is called wrong or expired, with focus back on the code', async ({ page }) => {
  const email = fresh('wrong-code');
  await page.goto('/auth');
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Send kode på e-post' }).click();
  const code = page.getByLabel('Kode', { exact: true });
  await expect(code).toBeVisible();

  await page.getByRole('button', { name: 'Bekreft kode' }).click();
  await expect(code).toBeFocused();

  await code.fill('000000');
  await page.getByRole('button', { name: 'Bekreft kode' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Koden er feil eller utløpt. Sjekk at du skrev den riktig, eller be om en ny kode.',
  );
});

test('sign-in and profile registration put focus on the first invalid field', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('E-post').fill('lars@');
  await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
  await expect(page.getByLabel('E-post')).toBeFocused();
  await expect(page.getByLabel('Passord')).toHaveAttribute('aria-invalid', 'true');

  // A code sign-in makes a user without a name: the guard asks for a profile.
  const email = fresh('profile');
  await page.getByLabel('E-post').fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send kode på e-post' }).click();
  const message = await waitForMessage(email, { since });
  const code = /<strong[^>]*>\s*(\d{6})\s*<\/strong>/u.exec(message.HTML)?.[1] ?? '';
  await page.getByLabel('Kode', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Bekreft kode' }).click();
  await expectRoute(page, 'profile-register');
  await page.getByRole('button', { name: 'Lagre profil' }).click();
  await expect(page.getByLabel('Navn')).toBeFocused();
});

test('sign-up → confirm → profile → organization with a clean console', async ({ page }) => {
  const noise = watchForNoise(page);
  const email = fresh('clean');
  await page.goto('/leads');
  await expectRoute(page, 'auth');
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await page.getByLabel('Fullt navn').fill('Rein Konsoll');
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Passord').fill('Sterkt-passord-9!');
  await page.getByLabel('Jeg godtar vilkårene for bruk av Leadtorget').check();
  const since = Date.now();
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page.getByRole('heading', { name: 'Sjekk e-posten din' })).toBeVisible();

  const link = extractLink(
    await waitForMessage(email, { since, subject: 'Bekreft e-postadressen din' }),
    'mode=verifyEmail',
  );
  await page.goto(link);
  await expectRoute(page, 'onboarding-organization-create');

  await page.getByLabel('Navn på organisasjonen').fill(`Rein Konsoll AS ${Date.now()}`);
  await page.getByLabel('Organisasjonsnummer').fill(freshOrganizationNumber());
  await page.getByRole('button', { name: 'Opprett organisasjon' }).click();
  await expect(page.locator('#root')).not.toHaveAttribute(
    'data-route-name',
    'onboarding-organization-create',
    { timeout: 15_000 },
  );
  await page.waitForLoadState('networkidle');
  expect(noise).toEqual([]);
});
