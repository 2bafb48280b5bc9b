import { defineConfig } from '@playwright/test';

const CI = Boolean(process.env.CI);

/*
 * End-to-end tests against `npm start`'s stack: the embedded platform on
 * 54321/54322/54324 and the app on http://localhost:5173 (the Vite dev server), exactly what a
 * developer runs. Every run gets a fresh database folder (bootstrap, migrations and seed run first),
 * so the demo accounts are as supabase/seed.sql makes them. The stack is started once and is ready
 * when `npm start` prints its ready line.
 *
 * Why the dev server and not the built app (`vite preview` next to `npm run platform`): it is what
 * `npm start` serves, so the suite proves that a fresh clone's `npm start` reaches a signed-in page.
 * Measured on our 2-core machine with 77 tests: 2.4 min against the dev server, 1.7 min against the
 * built app — a price we pay for testing the one command developers run. cli.ts loads the
 * app's entry before it says ready, so the first test does not pay for the first compile. The built
 * app is still checked by `npm run build` and the size budgets.
 *
 * Playwright's own browser download is not reachable from our machines, so the tests drive Debian's
 * Chromium (`apt-get install chromium`, see .ci/run). Two cores: two workers at most.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: 'http://localhost:5173',
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
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // A fresh data folder per run, removed when the stack stops (bash waits for npm start to finish
    // its own shutdown before the trap runs).
    command: `bash -c 'dir=$(mktemp -d); trap "rm -rf \\"$dir\\"" EXIT; trap "exit 143" TERM INT; LEADTORGET_DATA_DIR="$dir/pgdata" npm start'`,
    url: 'http://localhost:5173',
    wait: { stdout: /Leadtorget is ready/ },
    // The first start prepares the database (bootstrap, migrations, seed): seconds, more on a busy CI.
    timeout: 180_000,
    reuseExistingServer: !CI,
    // Ctrl-C, as a developer stops it: the platform closes the database cleanly.
    gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    // Every test signs in from 127.0.0.1, about 150 times in a few minutes: far past config.toml's
    // per-address limits (30 per 5 minutes), which stay as they are for everyone else. GoTrue's own
    // variables raise them for this run only.
    env: {
      GOTRUE_RATE_LIMIT_OTP: '100000',
      GOTRUE_RATE_LIMIT_VERIFY: '100000',
      GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '100000',
    },
  },
});
