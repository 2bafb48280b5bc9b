import { defineConfig } from '@playwright/test';

const CI = Boolean(process.env.CI);

/*
 * End-to-end tests against the BUILT app (`npm test` builds before it runs them), served by
 * `vite preview` on 127.0.0.1:4173. Playwright's own browser download is not reachable from our
 * machines, so the tests drive Debian's Chromium (`apt-get install chromium`, see .ci/run).
 * Two cores: two workers at most.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: 'http://localhost:4173',
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
    command: 'npx vite preview --port 4173 --strictPort',
    // vite preview listens on 127.0.0.1 only; asking for `localhost` could try ::1 first.
    url: 'http://127.0.0.1:4173',
    reuseExistingServer: !CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
