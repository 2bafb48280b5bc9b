#!/usr/bin/env node
/**
 * Lighthouse (mobile preset) on the production build: the sign-in page `/auth`, the calendar's
 * public pages, a competition's intro, a public form, the demo checkout, the demo funnel's sales page and the demo booking page. Serves dist/ with `vite preview` on a free port, runs the Lighthouse CLI with Debian's
 * Chromium (CHROME_PATH overrides it) and prints the four category scores and the paint and
 * blocking metrics per page, and the audits a category other than performance lost points on; with `--runs N` it runs each page N times and prints the median.
 * Figures only: it exits 0 whatever the scores are (docs/performance.md has the latest ones).
 *
 *   npm run build && npm run lighthouse -- --runs 5
 *   npm run lighthouse -- --runs 3 --pages checkout,funnel
 *
 * The embeddable page reads from the platform; without it (`npm run platform`) Lighthouse measures
 * the page's error state, which the script says.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { preview } from 'vite';

// The demo seed's live calendar of Fjord Rør AS (supabase/seed): always live, doors with pictures.
const LIVE_CALENDAR = 'ca000000-0000-4000-8000-000000000001';
// Its running competition «Sykle til jobben» (supabase/seed-competitions.sql).
const LIVE_COMPETITION = 'cb000000-0000-4000-8000-000000000001';
// Its published «Tilbudsforespørsel» (supabase/seed-forms.sql).
const QUOTE_FORM = 'cf000000-0000-4000-8000-000000000002';
// Its published demo checkout (supabase/seed-checkouts.sql).
const DEMO_CHECKOUT = 'cf100000-0000-4000-8000-000000000010';
// Its published demo funnel's sales page (supabase/seed-funnels.sql).
const DEMO_FUNNEL = 'cf200000-0000-4000-8000-000000000001';
// Its published «Bestill befaring» (supabase/seed.sql).
const DEMO_BOOKING = 'cc000000-0000-4000-8000-000000000001';
const PAGES = [
  { label: 'sign-in', path: '/auth' },
  { label: 'hosted calendar', path: `/calendar/${LIVE_CALENDAR}` },
  { label: 'embeddable calendar', path: `/calendar/iframe?id=${LIVE_CALENDAR}` },
  { label: 'competition intro', path: `/fyllopp/${LIVE_COMPETITION}` },
  { label: 'public form', path: `/skjema/${QUOTE_FORM}` },
  { label: 'checkout', path: `/kasse/${DEMO_CHECKOUT}` },
  { label: 'funnel sales page', path: `/trakt/${DEMO_FUNNEL}` },
  { label: 'booking page', path: `/booking/${DEMO_BOOKING}` },
];

const root = process.cwd();
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag === -1 ? 1 : Math.max(1, Number(process.argv[runsFlag + 1]) || 1);
// `--pages checkout,funnel`: only the pages whose label contains one of the words.
const pagesFlag = process.argv.indexOf('--pages');
const wanted = pagesFlag === -1 ? [] : String(process.argv[pagesFlag + 1] ?? '').split(',');
const pages = PAGES.filter((page) => wanted.length === 0 || wanted.some((word) => page.label.includes(word)));
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(`No Chromium at ${chrome}: install Debian's chromium or set CHROME_PATH.`);
  process.exit(1);
}

if (!existsSync(resolve(root, 'dist', 'index.html'))) {
  console.log('dist/ is missing: building it first (npm run build).');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

const require = createRequire(import.meta.url);
const lighthouseCli = require.resolve('lighthouse/cli/index.js');

await warnWithoutPlatform();

const server = await preview({
  root,
  logLevel: 'error',
  preview: { port: 0, strictPort: false, open: false },
});
const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
if (!origin) throw new Error('vite preview did not say where it listens');

const CATEGORY_TITLES = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};
const CATEGORIES = Object.keys(CATEGORY_TITLES);
const METRICS = [
  ['LCP', 'largest-contentful-paint', 'ms'],
  ['FCP', 'first-contentful-paint', 'ms'],
  ['TBT', 'total-blocking-time', 'ms'],
  ['CLS', 'cumulative-layout-shift', ''],
];

const work = mkdtempSync(join(tmpdir(), 'lighthouse-'));
try {
  for (const page of pages) {
    const reports = [];
    for (let run = 0; run < runs; run += 1) reports.push(await runLighthouse(`${origin}${page.path}`));
    print(page, reports);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  await server.close();
}

/**
 * One Lighthouse run (its default config is the mobile preset: a slow 4G link and a 4× slower CPU).
 * Asynchronous, so the preview server in this process keeps answering while Lighthouse loads the page.
 */
async function runLighthouse(url) {
  const output = join(work, 'report.json');
  const child = spawn(
    process.execPath,
    [
      lighthouseCli,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      // --no-sandbox: Chromium refuses to start as root (CI containers) without it.
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: chrome } },
  );
  const status = await new Promise((done) => child.on('exit', done));
  if (status !== 0) throw new Error(`Lighthouse failed on ${url} (exit ${status})`);
  return JSON.parse(readFileSync(output, 'utf8'));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function print(page, reports) {
  const note = reports.length > 1 ? ` (median of ${reports.length} runs)` : '';
  console.log(`\n${page.label} ${page.path}${note}`);
  const scores = CATEGORIES.map((id) => {
    const values = reports.map((report) => Math.round(report.categories[id].score * 100));
    const all = reports.length > 1 ? ` [${values.join(' ')}]` : '';
    return `  ${CATEGORY_TITLES[id].padEnd(16)} ${String(median(values)).padStart(5)}${all}`;
  });
  console.log(scores.join('\n'));
  for (const id of CATEGORIES.filter((category) => category !== 'performance')) {
    for (const audit of missedAudits(reports[0], id)) {
      console.log(`    ${CATEGORY_TITLES[id]} misses: ${audit}`);
    }
  }
  for (const [label, id, unit] of METRICS) {
    const values = reports.map((report) => report.audits[id].numericValue);
    const value = median(values);
    const shown = unit === 'ms' ? `${(value / 1000).toFixed(2)} s` : value.toFixed(3);
    console.log(`  ${label.padEnd(16)} ${shown.padStart(7)}`);
  }
}

/** The audits that cost a category points, so a score under 100 says why (performance has its metrics). */
function missedAudits(report, category) {
  return report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => `${ref.id} (${report.audits[ref.id].title})`);
}

/** The embeddable page loads its data from the Supabase URL the build was made for. */
async function warnWithoutPlatform() {
  const url = process.env.VITE_SUPABASE_URL ?? 'http://127.0.0.1:54321';
  try {
    await fetch(`${url.replace(/\/$/, '')}/rest/v1/`, { signal: AbortSignal.timeout(2000) });
  } catch {
    console.warn(`No platform answers at ${url}: the embeddable page is measured in its error state.`);
  }
}
