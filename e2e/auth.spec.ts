import type { Page } from '@playwright/test';
import { ANON_KEY, LOCAL_JWT_SECRET, signHs256 } from '../supabase/local/keys.ts';
import { API_URL, DEMO_PASSWORD, expect, SESSION_STORAGE_KEY, test } from './fixtures';
import { expectNoAxeViolations, expectNoAxeViolationsAtWidths } from './support/a11y';
import { APP_URL } from './support/hosts';
import { extractCode, extractLink, waitForMessage } from './support/outbox';

/*
 * Sign-in, sign-up and the account links (docs/auth-onboarding.md) through the real UI, the
 * embedded platform and its outbox. Every test that changes data makes its own user (fresh
 * addresses from Date.now()); demo accounts are only read.
 */

const RETURN_TO_KEY = 'leadtorget.return-to';
const routeName = (page: Page) => page.locator('#root');
const fresh = (label: string) => `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.no`;

async function expectRoute(page: Page, name: string) {
  try {
    await expect(routeName(page)).toHaveAttribute('data-route-name', name, { timeout: 15_000 });
  } catch (error) {
    // What the page said instead (a route error, a form message) makes the failure readable.
    const text = await page.locator('body').innerText();
    throw new Error(`expected route ${name} at ${page.url()}; the page says:\n${text}`, { cause: error });
  }
}

/** An account made through the public sign-up API (unconfirmed, with a name). */
async function signUpThroughApi(email: string, password: string, fullName: string) {
  const response = await fetch(`${API_URL}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, data: { full_name: fullName } }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

test('magic link: requested on /auth, opened on another device, back to the saved target', async ({
  page,
  browser,
}) => {
  const email = fresh('magic');
  await page.goto('/leads');
  await expectRoute(page, 'auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Logg inn' })).toBeVisible();
  await expectNoAxeViolations(page);

  const since = Date.now();
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
  await expect(page.getByRole('status')).toContainText(`Vi har sendt en innloggingslenke til ${email}`);

  const message = await waitForMessage(email, { since });
  const link = extractLink(message, 'token_hash=');
  expect(new URL(link).pathname).toMatch(/^\/auth\/[0-9a-f-]{36}$/u);

  // Another browser: no saved target there, the server carried /leads under the temporary id.
  const other = await browser.newContext({ locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
  const phone = await other.newPage();
  await phone.goto(link);
  // A new account has no name yet: the profile first, /leads remembered.
  await expectRoute(phone, 'profile-register');
  expect(await phone.evaluate((key) => sessionStorage.getItem(key), RETURN_TO_KEY)).toBe('/leads');
  // Only a new account reaches this screen: route-checks.spec.ts cannot visit it, so both widths here.
  await expectNoAxeViolationsAtWidths(phone, [390, 1280], { tags: ['wcag22aa'] });
  await phone.getByLabel('Navn').fill('Magnus Lenke');
  await phone.getByRole('button', { name: 'Lagre profil' }).click();
  // /leads needs an organization: the creation page, still remembering /leads.
  await expectRoute(phone, 'onboarding-organization-create');
  await other.close();

  // The same link again: used.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('utløpt eller allerede brukt');
  await expectNoAxeViolations(page);
});

test('one-time code by e-mail', async ({ page }) => {
  const email = fresh('code');
  await page.goto('/auth');
  const since = Date.now();
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Send kode på e-post' }).click();
  await expect(page.getByLabel('Kode', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  const code = extractCode(await waitForMessage(email, { since }));
  await page.getByLabel('Kode', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Bekreft kode' }).click();
  await expectRoute(page, 'profile-register');
});

test('SMS code by phone number (8 digits, normalised to +47)', async ({ page }) => {
  const digits = `9${String(Date.now()).slice(-7)}`;
  await page.goto('/auth');
  const since = Date.now();
  await page
    .getByLabel('Telefonnummer')
    .fill(`${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`);
  await page.getByRole('button', { name: 'Send kode på SMS' }).click();
  await expect(page.getByText(`på SMS til +47${digits}`)).toBeVisible();

  const sms = await waitForMessage(`47${digits}`, { since, sms: true });
  await page.getByLabel('Kode', { exact: true }).fill(extractCode(sms));
  await page.getByRole('button', { name: 'Bekreft kode' }).click();
  await expectRoute(page, 'profile-register');
});

test('Google via the local provider page: the name and picture become the profile', async ({ page }) => {
  const email = fresh('google');
  const name = `Gunn Google ${Date.now()}`;
  const picture = `${APP_URL}/favicon.svg`;
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Fortsett med Google' }).click();

  await page.waitForURL(/127\.0\.0\.1:54321\/auth\/v1\/authorize/u);
  await page.getByLabel('Annen identitet (fyll ut under)').check();
  await page.getByLabel('E-postadresse').fill(email);
  await page.getByLabel('Fullt navn').fill(name);
  await page.getByLabel('Bilde-URL (valgfritt)').fill(picture);
  await page.getByRole('button', { name: 'Logg inn' }).click();

  // Back in the app with a PKCE code; the guard makes the profile from the metadata and, with no
  // organization yet, asks for one.
  await expectRoute(page, 'onboarding-organization-create');
  await page.goto('/profile');
  await expectRoute(page, 'profile-settings');
  await expect
    .poll(() =>
      page.evaluate(
        (expected) =>
          document.body.innerText.includes(expected) ||
          [...document.querySelectorAll('input')].some((input) => input.value === expected),
        name,
      ),
    )
    .toBe(true);

  const stored = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
  const session = JSON.parse(stored ?? '{}') as { access_token: string; user: { id: string } };
  const response = await fetch(`${API_URL}/rest/v1/profiles?select=name,img&id=eq.${session.user.id}`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${session.access_token}` },
  });
  expect(await response.json()).toEqual([{ name, img: picture }]);
});

test('password reset through /auth/management', async ({ page }) => {
  const email = fresh('reset');
  await signUpThroughApi(email, 'Gammelt-passord-1!', 'Rita Reset');
  await page.goto('/auth');
  const since = Date.now();
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Glemt passord?' }).click();
  await expect(page.getByRole('status')).toContainText('lenke for å lage et nytt passord');

  const link = extractLink(
    await waitForMessage(email, { since, subject: 'Lag et nytt passord' }),
    'mode=resetPassword',
  );
  await page.goto(link);
  await expect(page.getByLabel('Nytt passord')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Nytt passord').fill('kort');
  await page.getByRole('button', { name: 'Lagre nytt passord' }).click();
  await expect(page.getByLabel('Nytt passord')).toHaveAccessibleDescription(/Passordet er for svakt\./u);
  await expect(page.getByLabel('Nytt passord')).toBeFocused();
  await expect(page.getByLabel('Nytt passord')).toHaveValue('kort');
  await page.getByLabel('Nytt passord').fill('Nytt-passord-2!');
  await page.getByRole('button', { name: 'Lagre nytt passord' }).click();
  // Signed in with the name from sign-up: on to organization creation.
  await expectRoute(page, 'onboarding-organization-create');

  // The new password works, the old one does not.
  const signIn = (password: string) =>
    fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  expect((await signIn('Nytt-passord-2!')).status).toBe(200);
  expect((await signIn('Gammelt-passord-1!')).status).toBe(400);
});

test('an unconfirmed user is held at /verify: resend with a cool-down, sign out', async ({ page }) => {
  // GoTrue refuses a password sign-in for an unconfirmed address, with a way to get the link again.
  await page.goto('/auth');
  await page.getByLabel('E-post').fill('ubekreftet@example.no');
  await page.getByLabel('Passord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('E-postadressen er ikke bekreftet ennå.');
  await expect(page.getByRole('button', { name: 'Send e-posten på nytt' })).toBeVisible();

  // A session that exists while the address is unconfirmed (e.g. made before confirmations were
  // required) — minted here with the local JWT secret — is held at /verify by the guard.
  const id = 'a0000000-0000-4000-8000-000000000042';
  const now = Math.floor(Date.now() / 1000);
  const accessToken = signHs256(
    {
      aud: 'authenticated',
      exp: now + 3600,
      iat: now,
      sub: id,
      email: 'ubekreftet@example.no',
      role: 'authenticated',
      aal: 'aal1',
      session_id: crypto.randomUUID(),
    },
    LOCAL_JWT_SECRET,
  );
  const session = {
    access_token: accessToken,
    refresh_token: 'unused',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + 3600,
    user: {
      id,
      aud: 'authenticated',
      role: 'authenticated',
      email: 'ubekreftet@example.no',
      email_confirmed_at: null,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Ulrik Bekk' },
      created_at: '2026-01-01T00:00:00Z',
    },
  };
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  await page.goto('/leads');
  await expectRoute(page, 'verify');
  await expect(page).toHaveURL('/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Bekreft e-postadressen din' })).toBeVisible();
  await expect(page.getByText('ubekreftet@example.no')).toBeVisible();
  // Only an unconfirmed account reaches this screen: route-checks.spec.ts cannot visit it, so both widths here.
  await expectNoAxeViolationsAtWidths(page, [390, 1280], { tags: ['wcag22aa'] });

  await page.getByRole('button', { name: 'Send e-posten på nytt' }).click();
  // Sent, or GoTrue's once-a-minute limit: either way the button waits with a countdown.
  await expect(page.getByText(/Du kan sende på nytt om \d+ sekund/u)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send e-posten på nytt' })).toBeDisabled();

  await page.getByRole('button', { name: 'Logg ut', exact: true }).click();
  await expectRoute(page, 'auth');
});

test('a foreign redirect target is refused', async ({ page }) => {
  const response = await fetch(`${API_URL}/functions/v1/request-magic-link`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: fresh('evil'), redirectTo: 'https://evil.example/leads' }),
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: { code: 'invalid-redirect' } });

  // A foreign target smuggled into the saved target is never followed after sign-in.
  await page.addInitScript((key) => sessionStorage.setItem(key, '//evil.example/steal'), RETURN_TO_KEY);
  await page.goto('/auth');
  await page.getByLabel('E-post').fill('per@fjordror.no');
  await page.getByLabel('Passord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
  await expectRoute(page, 'leads-marketplace');
  expect(new URL(page.url()).origin).toBe(APP_URL);

  // And a confirmation link carrying a foreign redirect_to stays here.
  await page.goto(
    `/auth/management?mode=signIn&oobCode=nope&redirect_to=${encodeURIComponent('https://evil.example/')}`,
  );
  await expect(page.getByRole('alert')).toBeVisible();
  expect(new URL(page.url()).origin).toBe(APP_URL);
});

test('sign-up with e-mail confirmation from the outbox, up to organization creation', async ({ page }) => {
  const email = fresh('signup');
  await page.goto('/leads');
  await expectRoute(page, 'auth');
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Opprett konto' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Passord').fill('svakt');
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Du må oppgi enten e-post eller telefonnummer, og et passord.',
  );

  await page.getByLabel('Fullt navn').fill('Sigrid Signup');
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Jeg godtar vilkårene for bruk av Leadtorget').check();
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page.getByLabel('Passord')).toHaveAccessibleDescription(/Passordet er for svakt\./u);
  await expect(page.getByLabel('Passord')).toBeFocused();
  await expect(page.getByLabel('Fullt navn')).toHaveValue('Sigrid Signup');

  const since = Date.now();
  await page.getByLabel('Passord').fill('Sterkt-passord-9!');
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page.getByRole('heading', { name: 'Sjekk e-posten din' })).toBeVisible();
  await expectNoAxeViolations(page);

  const link = extractLink(
    await waitForMessage(email, { since, subject: 'Bekreft e-postadressen din' }),
    'mode=verifyEmail',
  );
  await page.goto(link);
  // Confirmed and signed in; the profile comes from «Fullt navn», then /leads needs an organization.
  await expectRoute(page, 'onboarding-organization-create');
  expect(await page.evaluate((key) => sessionStorage.getItem(key), RETURN_TO_KEY)).toBe('/leads');
});

test('password sign-in with the keyboard alone', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Logg inn' })).toBeVisible();
  const email = page.getByLabel('E-post');
  for (let presses = 0; presses < 30; presses += 1) {
    if (await email.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(email).toBeFocused();
  await page.keyboard.type('lars@nordlyselektro.no');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Telefonnummer')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Passord')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Logg inn', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(routeName(page)).not.toHaveAttribute('data-route-name', 'auth', { timeout: 15_000 });
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).not.toBeNull();
});
