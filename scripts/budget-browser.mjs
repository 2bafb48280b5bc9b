/**
 * What a browser really downloads to render a page of the production build: scripts/budget.mjs's
 * truth for the sign-in page and the public pages. A page's start-up loads chunks the build's
 * manifest cannot name in advance (the texts of the visitor's language, a step loaded once the form
 * has painted), so the manifest's figure is a floor; this one is what Chromium fetched.
 *
 * Serves dist/ with `vite preview` on a free port and opens each path in a fresh browser context
 * (empty cache), then waits until the network has been quiet for half a second: every script the page
 * loads on its own by then counts. The backend is not running here, so a page that reads data shows
 * its error state; the scripts it needs to render are loaded before it asks for data.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { preview } from 'vite';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Per path: the JS files the browser fetched from the app (paths under dist/) and their gzip -9 sum,
 * the layout shift summed over the load, whether the page painted from its prepaint first and
 * whether the app then replaced it.
 */
export async function measureInBrowser(root, dist, paths) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: run \`npm run setup\` (or set CHROME_PATH).`);
  }
  const server = await preview({
    root,
    logLevel: 'error',
    build: { outDir: dist },
    preview: { port: 0, strictPort: false, open: false },
  });
  const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
  if (!origin) throw new Error('vite preview did not say where it listens');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const results = new Map();
    for (const path of paths) {
      const context = await browser.newContext({ locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
      const page = await context.newPage();
      const files = new Set();
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === origin && url.pathname.endsWith('.js')) files.add(url.pathname.slice(1));
      });
      // Layout shifts from the first paint on (the sign-in page's prepaint is replaced by the app:
      // nothing may move), and whether the page painted from its prepaint.
      await page.addInitScript(() => {
        window.__layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (!entry.hadRecentInput) window.__layoutShift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${origin}${path}`, { waitUntil: 'load', timeout: 120_000 });
      const prepainted = await page.evaluate(() =>
        document.getElementById('root')?.hasAttribute('data-prepaint'),
      );
      await page.waitForLoadState('networkidle', { timeout: 120_000 });
      const layoutShift = await page.evaluate(() => window.__layoutShift);
      // The app has taken over: no inert copy left, a page of its own in #root.
      const takenOver = await page.evaluate(
        () => !document.querySelector('#root [inert]') && Boolean(document.querySelector('#root h1')),
      );
      await context.close();
      const gzip = [...files].reduce(
        (sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
        0,
      );
      results.set(path, { files: [...files].sort(), gzip, layoutShift, prepainted, takenOver });
    }
    return results;
  } finally {
    await browser.close();
    await server.close();
  }
}
