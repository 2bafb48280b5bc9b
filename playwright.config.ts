import { defineConfig } from '@playwright/test';
import { APP_URL, DEV_SERVER_URL } from './e2e/support/hosts';

const CI = Boolean(process.env.CI);

/*
 * End-to-end tests against the built app (dist/, served by `vite preview` on http://localhost:4173)
 * and `npm start`'s platform on 54321/54322/54324. `npm start` itself is the first web server, so its
 * Vite dev server runs on http://localhost:5173 too: dev-server.spec.ts proves a fresh clone's
 * `npm start` reaches a signed-in page; every other spec visits the built app. Why: on the dev
 * server /auth makes ~107 requests (one per module, compiled on first demand) against ~26 for the
 * build, and every test pays them again in its fresh browser context. The e-mails the platform sends
 * (GoTrue's and the functions') link to the built app: GOTRUE_SITE_URL below.
 *
 * Every run gets a fresh database folder (bootstrap, migrations and seed run first), so the demo
 * accounts are as supabase/seed.sql makes them. The stack is ready when `npm start` prints its ready
 * line. Playwright's own browser download is not reachable from our machines, so the tests drive
 * Debian's Chromium (`npm run setup` installs it). Two cores: two workers.
 */
export default defineConfig({
  testDir: 'e2e',
  // The screenshot gallery runs on its own (`npm run screens`, playwright.screens.config.ts).
  testIgnore: ['screens/**'],
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  // Generous: on a busy 2-core machine a journey can take three times as long as on an idle one, and a
  // screen seconds to settle. A passing test never waits for these; only a failing one does.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Slow specs show in every log: the 15 slowest tests and each file's time (docs/testing.md).
  reporter: [['list'], ['html', { open: 'never' }], ['./e2e/support/timing-reporter.ts']],
  use: {
    baseURL: APP_URL,
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: [
        // CI runs as root, where Chromium's sandbox cannot start.
        '--no-sandbox',
        // Chromium's own traffic (updates, sync, field trials) must not leave the machine.
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--disable-gpu',
        // Nothing leaves the machine: no host resolves but the local ones (e2e/fixtures.ts fails a
        // test that tries), without intercepting every request.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      // A fresh data folder per run, removed when the stack stops (bash waits for npm start to finish
      // its own shutdown before the trap runs).
      command: `bash -c 'dir=$(mktemp -d); trap "rm -rf \\"$dir\\"" EXIT; trap "exit 143" TERM INT; LEADTORGET_DATA_DIR="$dir/pgdata" npm start'`,
      url: DEV_SERVER_URL,
      wait: { stdout: /Leadtorget is ready/ },
      // The first start prepares the database (bootstrap, migrations, seed): about a minute, several on
      // a busy machine; an upper bound, never a wait.
      timeout: 600_000,
      reuseExistingServer: !CI,
      // Ctrl-C, as a developer stops it: the platform closes the database cleanly.
      gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        // Links in e-mails lead to the app the tests visit.
        GOTRUE_SITE_URL: APP_URL,
        // Every test signs in from 127.0.0.1, about 150 times in a few minutes: far past config.toml's
        // per-address limits (30 per 5 minutes), which stay as they are for everyone else. GoTrue's own
        // variables raise them for this run only.
        GOTRUE_RATE_LIMIT_OTP: '100000',
        GOTRUE_RATE_LIMIT_VERIFY: '100000',
        GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '100000',
      },
    },
    {
      // The built app; builds first when dist/ is missing or older than the sources.
      command: 'node --import tsx scripts/serve-build.ts',
      url: APP_URL,
      // A build takes 20 s on a quiet machine and minutes on a busy one.
      timeout: 600_000,
      reuseExistingServer: !CI,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
