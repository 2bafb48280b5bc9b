/**
 * Drives the media library in Firefox (Debian's firefox-esr, stock, over WebDriver BiDi with
 * puppeteer-core) the way a member uses it, and prints what passed: sign in, /media, a JPEG with a GPS
 * position, a PNG, a short video made into renditions, an AI image from the local provider, preview,
 * playback, delete, plus the time a 10 s 720p clip takes to become renditions. Playwright's Firefox
 * needs its own patched build, which cannot be downloaded here; the e2e suite stays on Chromium.
 *
 * Not part of `npm test`: a fresh machine has no Firefox. Uses the stack on localhost:5173 if one
 * answers, else starts `npm start` on a fresh data folder as the e2e config does (run it in a network
 * namespace when the host's ports are taken). Exits 1 if a step failed.
 *
 *   npm run check:firefox [-- --browser chromium] [-- --executable /path/to/firefox]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { createMember, type Member } from '../e2e/support/marketplace-data.ts';
import {
  describeVideoFile,
  downloadMedia,
  drawJpegDataUrl,
  jpegWithGps,
  storedMedia,
} from '../e2e/support/media-files.ts';
import { drawPng } from '../e2e/support/png.ts';
import type { makeTestClip } from '../e2e/support/video-clip.ts';
import type { makeVideoRenditions } from '../src/lib/media/video/renditions.ts';

/** Modules the page imports from the dev server, which serves e2e/ like the app's own files. */
const MODULES = { clip: '/e2e/support/video-clip.ts', renditions: '/src/lib/media/video/renditions.ts' };
type Modules = { makeTestClip: typeof makeTestClip; makeVideoRenditions: typeof makeVideoRenditions };

const APP_URL = 'http://localhost:5173';
const DEMO_PASSWORD = 'Demo-passord-1!';
/** Where a failed step's screenshot goes (ignored by git, as Playwright's own results). */
const SCREENSHOTS = 'test-results/firefox-media-check';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const browserName = option('browser') === 'chromium' ? 'chromium' : 'firefox';
const executablePath =
  option('executable') ?? (browserName === 'firefox' ? '/usr/bin/firefox-esr' : '/usr/bin/chromium');

type Result = { step: string; ok: boolean; seconds: number; detail: string };
const results: Result[] = [];
/** The page a failed step photographs. */
let activePage: Page | undefined;

/** Runs one step, records whether it passed and how long it took; a failed step does not stop the rest. */
async function step(name: string, run: () => Promise<string | void> | void): Promise<boolean> {
  const page = activePage;
  const started = performance.now();
  let ok = true;
  let detail = '';
  try {
    detail = (await run()) ?? '';
  } catch (error) {
    ok = false;
    detail = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    if (page) {
      const file = path.join(SCREENSHOTS, `${results.length + 1}.png`);
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      detail += ` (screenshot: ${path.relative(process.cwd(), file)})`;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  results.push({ step: name, ok, seconds, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds.toFixed(1)} s)${detail ? ` — ${detail}` : ''}`);
  return ok;
}

function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

async function appAnswers(): Promise<boolean> {
  try {
    return (await fetch(APP_URL, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** `npm start` on a fresh data folder, with the e2e config's raised sign-in limits; resolves when ready. */
async function startStack(dataDir: string): Promise<ChildProcess> {
  const stack = spawn('npm', ['start'], {
    env: {
      ...process.env,
      LEADTORGET_DATA_DIR: path.join(dataDir, 'pgdata'),
      GOTRUE_RATE_LIMIT_OTP: '100000',
      GOTRUE_RATE_LIMIT_VERIFY: '100000',
      GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '100000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group, so stopping it reaches the platform behind npm (npm does not pass
    // signals on).
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('npm start was not ready in 180 s')), 180_000);
    stack.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Leadtorget is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    stack.on('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
  });
  return stack;
}

async function stopStack(stack: ChildProcess): Promise<void> {
  if (stack.pid === undefined || stack.exitCode !== null) return;
  const exited = new Promise((resolve) => stack.once('exit', resolve));
  // Ctrl-C to the whole group, as a terminal sends it: the platform closes the database cleanly.
  process.kill(-stack.pid, 'SIGINT');
  const timer = setTimeout(() => process.kill(-stack.pid!, 'SIGTERM'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Waits until the page's visible text includes `text`. */
async function waitForText(page: Page, text: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout }, text);
}

/** How many times `text` stands alone as an element's whole text (as Playwright's exact match). */
async function countExact(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (wanted) =>
      [...document.querySelectorAll('body *')].filter((element) => element.textContent === wanted).length,
    text,
  );
}

async function waitForExactCount(page: Page, text: string, count: number, timeout = 60_000) {
  await page.waitForFunction(
    (wanted, expected) =>
      [...document.querySelectorAll('body *')].filter((element) => element.textContent === wanted).length >=
      expected,
    { timeout },
    text,
    count,
  );
}

/**
 * Clicks a button by its accessible name (aria-label, else its text), as the library names its tiles:
 * the first visible, enabled match is marked in the page and clicked with a real mouse click.
 */
async function clickButton(page: Page, name: string | RegExp, timeout = 30_000): Promise<void> {
  const source = typeof name === 'string' ? `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : name.source;
  await page.waitForFunction(
    (pattern) => {
      const matcher = new RegExp(pattern);
      for (const marked of document.querySelectorAll('[data-check-click]'))
        marked.removeAttribute('data-check-click');
      const button = [...document.querySelectorAll('button')].find((candidate) => {
        const label = candidate.getAttribute('aria-label') ?? candidate.textContent?.trim() ?? '';
        return matcher.test(label) && candidate.getClientRects().length > 0 && !candidate.disabled;
      });
      button?.setAttribute('data-check-click', '');
      return Boolean(button);
    },
    { timeout },
    source,
  );
  await page.click('[data-check-click]');
}

async function fill(page: Page, label: string, value: string): Promise<void> {
  const id = await page.waitForFunction(
    (wanted) => {
      const found = [...document.querySelectorAll('label')].find(
        (element) => element.textContent?.trim() === wanted,
      );
      // Keeps waiting while the label is missing or not yet tied to a field (an empty htmlFor).
      return found && found.htmlFor !== '' ? found.htmlFor : null;
    },
    { timeout: 30_000 },
    label,
  );
  const field = await page.$(`[id="${await id.jsonValue()}"]`);
  if (!field) throw new Error(`no field «${label}»`);
  await field.type(value);
}

/** /media afresh, so a dialog a failed step left open does not fail the next one. */
async function openLibrary(page: Page): Promise<void> {
  await page.goto(`${APP_URL}/media`);
  await waitForText(page, 'Mediebibliotek');
}

/**
 * Runs `run` in the page; once more after a reload if a module failed to load, which the dev server
 * causes when it bundles a dependency (Mediabunny) for the first time and renames it.
 */
async function inPage<T>(page: Page, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!String(error).includes('dynamically imported module')) throw error;
    await page.reload();
    return run();
  }
}

async function upload(page: Page, files: string[]): Promise<void> {
  const input = await page.waitForSelector('input[data-testid="media-file-input"]');
  if (!input) throw new Error('no file input');
  await input.uploadFile(...files);
}

/**
 * A clip drawn in the page (VP8 + Opus WebM, which every WebCodecs browser decodes) uploaded in /media;
 * waits until its tile no longer says «Behandles» and reads what was stored.
 */
async function uploadVideo(page: Page, member: Member, fixtures: string) {
  const clip = await inPage(page, () =>
    page.evaluate(async (modulePath) => {
      const { makeTestClip } = (await import(/* @vite-ignore */ modulePath)) as Partial<Modules>;
      if (!makeTestClip) throw new Error('video-clip.ts not found');
      const blob = await makeTestClip({ seconds: 2.5, width: 640, height: 360, container: 'webm' });
      return [...new Uint8Array(await blob.arrayBuffer())];
    }, MODULES.clip),
  );
  const file = path.join(fixtures, 'Sommerkampanje.webm');
  await writeFile(file, Buffer.from(clip));
  await upload(page, [file]);
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('button[aria-label^="Sommerkampanje, Video"]')].some(
        (tile) => !tile.getAttribute('aria-label')?.includes('Behandles'),
      ),
    { timeout: 120_000 },
  );
  const row = (await storedMedia(member.organizationId)).rows.find((item) => item.type === 'video');
  if (!row?.url_mp4 || !row.url_webm) throw new Error('the row has no renditions');
  expect(!row.processing, 'still processing');
  return {
    mp4: await describeVideoFile(row.url_mp4),
    webm: await describeVideoFile(row.url_webm),
    poster: row.url?.split('/').pop(),
  };
}

async function signIn(page: Page, email: string): Promise<string> {
  await page.goto(`${APP_URL}/auth`);
  await fill(page, 'E-post', email);
  await fill(page, 'Passord', DEMO_PASSWORD);
  await clickButton(page, 'Logg inn');
  await page.waitForFunction(() => !location.pathname.startsWith('/auth'));
  return new URL(page.url()).pathname;
}

async function drive(browser: Browser, member: Member, fixtures: string) {
  const page = await browser.newPage();
  activePage = page;
  const consoleErrors: string[] = [];
  const foreign = new Set<string>();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (request.url().startsWith('http') && !['localhost', '127.0.0.1'].includes(hostname))
      foreign.add(hostname);
  });
  page.setDefaultTimeout(30_000);

  await step('sign in with e-mail and password', () => signIn(page, member.email));

  await step('/media shows the empty library', async () => {
    await page.goto(`${APP_URL}/media`);
    await waitForText(page, 'Mediebibliotek');
    await waitForText(page, 'Ingen bilder eller videoer ennå');
  });

  const marker = `posisjon-${member.organizationId}`;
  await step('a JPEG with a GPS position: stored without EXIF', async () => {
    const photo = jpegWithGps(await page.evaluate(drawJpegDataUrl), marker);
    const file = path.join(fixtures, 'hytta.jpg');
    await writeFile(file, photo);
    await upload(page, [file]);
    await waitForExactCount(page, 'Ferdig', 1);
    const row = (await storedMedia(member.organizationId)).rows.find((item) => item.name === 'hytta');
    if (!row) throw new Error('no row');
    const paths = [row.storage_path, row.url ?? '', row.thumbnail_path ?? ''];
    for (const stored of paths) {
      const bytes = await downloadMedia(stored);
      expect(!bytes.includes(Buffer.from('Exif')), `${stored} carries EXIF`);
      expect(!bytes.includes(Buffer.from(marker)), `${stored} carries the marker`);
    }
    return paths.map((stored) => stored.split('/').pop()).join(', ');
  });

  await step('a PNG: original, web size and thumbnail', async () => {
    const file = path.join(fixtures, 'fasade.png');
    await writeFile(file, drawPng(1600, 900, [30, 90, 160]));
    await upload(page, [file]);
    await waitForExactCount(page, 'Ferdig', 2);
    const row = (await storedMedia(member.organizationId)).rows.find((item) => item.name === 'fasade');
    if (!row) throw new Error('no row');
    expect(row.width === 1600 && row.height === 900, `size ${row.width}×${row.height}`);
    return [row.storage_path, row.url, row.thumbnail_path]
      .map((stored) => stored?.split('/').pop())
      .join(', ');
  });

  await step('a 2.5 s WebM video: processed in the browser', async () => {
    const { mp4, webm, poster } = await uploadVideo(page, member, fixtures);
    // H.264 where the browser has it (Firefox: the system's FFmpeg), else VP9; the WebM VP9, or VP8
    // where the browser says its VP9 is not smooth (chooseVideoCodecs).
    expect(mp4.video === 'avc' || mp4.video === 'vp9', `MP4 video ${mp4.video}`);
    expect(webm.video === 'vp9' || webm.video === 'vp8', `WebM video ${webm.video}`);
    expect(webm.audio === 'opus', `WebM audio ${webm.audio}`);
    return `MP4 ${mp4.video}+${mp4.audio}, WebM ${webm.video}+${webm.audio}, poster ${poster}`;
  });

  await step('preview plays the video from its WebM, and the MP4 alone', async () => {
    await openLibrary(page);
    await clickButton(page, /^Sommerkampanje, Video/);
    const player = await page.waitForSelector('[role="dialog"] video');
    // No named helpers in here: tsx would wrap them in a __name() the page does not have.
    const played = await player?.evaluate(async (video) => {
      const alone = document.createElement('video');
      alone.src = video.querySelector<HTMLSourceElement>('source[type="video/mp4"]')?.src ?? '';
      document.body.append(alone);
      const runs: { src: string | undefined; time: number }[] = [];
      for (const element of [video, alone]) {
        element.muted = true;
        await element.play();
        const started = performance.now();
        while (element.currentTime < 0.5 && performance.now() - started < 10_000)
          await new Promise((resolve) => setTimeout(resolve, 50));
        element.pause();
        runs.push({ src: element.currentSrc.split('?')[0]?.split('/').pop(), time: element.currentTime });
      }
      alone.remove();
      const [fromWebm, fromMp4] = runs;
      return fromWebm && fromMp4 ? { fromWebm, fromMp4 } : undefined;
    });
    if (!played) throw new Error('no player');
    expect(played.fromWebm.src === 'video.webm', `played ${played.fromWebm.src}`);
    for (const run of [played.fromWebm, played.fromMp4])
      expect(run.time > 0.4, `${run.src} stopped at ${run.time.toFixed(2)} s`);
    await page.keyboard.press('Escape');
    return `${played.fromWebm.src} to ${played.fromWebm.time.toFixed(2)} s, ${played.fromMp4.src} to ${played.fromMp4.time.toFixed(2)} s`;
  });

  await step('an AI image from the local provider, kept', async () => {
    await openLibrary(page);
    await clickButton(page, 'Lag bilde med KI');
    await fill(page, 'Beskrivelse', 'Rørlegger foran en ny varmtvannsbereder');
    await clickButton(page, 'Lag bilde');
    await page.waitForSelector('[role="dialog"] img', { timeout: 30_000 });
    await clickButton(page, 'Behold');
    await clickButton(page, /^Rørlegger foran en ny varmtvannsbereder, KI/);
    await page.keyboard.press('Escape');
  });

  await step('delete the PNG: row and files gone', async () => {
    await openLibrary(page);
    await clickButton(page, 'fasade, Mangler alt-tekst');
    await clickButton(page, 'Slett');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="alertdialog"], [role="dialog"]')].some((dialog) =>
        dialog.textContent?.includes('Slette «fasade»?'),
      ),
    );
    // The confirm dialog's own «Slett», the last one opened.
    await page.evaluate(() => {
      const dialogs = [...document.querySelectorAll('[role="alertdialog"], [role="dialog"]')];
      const confirm = dialogs.find((dialog) => dialog.textContent?.includes('Slette «fasade»?'));
      const button = [...(confirm?.querySelectorAll('button') ?? [])].find(
        (item) => item.textContent === 'Slett',
      );
      button?.click();
    });
    await waitForText(page, '«fasade» er slettet.');
    const started = performance.now();
    let stored = await storedMedia(member.organizationId);
    while (
      (stored.rows.length !== 3 || stored.folders.length !== 3) &&
      performance.now() - started < 10_000
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      stored = await storedMedia(member.organizationId);
    }
    expect(stored.rows.length === 3, `${stored.rows.length} rows left`);
    expect(stored.folders.length === 3, `${stored.folders.length} folders left`);
    expect((await countExact(page, 'fasade')) === 0, 'the tile is still shown');
  });

  if (!process.argv.includes('--no-benchmark'))
    await step('renditions of a 10 s 1280×720 H.264 + Opus clip', async () => {
      const timing = await inPage(page, () =>
        page.evaluate(async (paths) => {
          const { makeTestClip } = (await import(/* @vite-ignore */ paths.clip)) as Partial<Modules>;
          const { makeVideoRenditions } = (await import(
            /* @vite-ignore */ paths.renditions
          )) as Partial<Modules>;
          if (!makeTestClip || !makeVideoRenditions) throw new Error('modules not found');
          const clip = await makeTestClip({ seconds: 10, width: 1280, height: 720, container: 'mp4' });
          const started = performance.now();
          const renditions = await makeVideoRenditions(clip);
          return {
            seconds: (performance.now() - started) / 1000,
            mp4: renditions.mp4.size,
            webm: renditions.webm.size,
            // The WebM's CodecID (V_VP9 or V_VP8) is plain text in its header.
            webmCodec: /V_VP[89]/.exec(
              new TextDecoder().decode(await renditions.webm.slice(0, 4096).arrayBuffer()),
            )?.[0],
            poster: renditions.poster.type,
          };
        }, MODULES),
      );
      const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
      return `${timing.seconds.toFixed(1)} s; MP4 ${mib(timing.mp4)}, WebM (${timing.webmCodec ?? '?'}) ${mib(timing.webm)}, poster ${timing.poster}`;
    });

  await step('no errors in the console, no requests off the machine', () => {
    expect(foreign.size === 0, `requests to ${[...foreign].join(', ')}`);
    expect(consoleErrors.length === 0, consoleErrors.slice(0, 5).join(' | '));
  });
}

/**
 * Firefox with its FFmpeg switched off, as on a Linux without the system's libavcodec: no H.264
 * encoder or decoder, VP8/VP9 still built in. The video's MP4 must then carry VP9.
 */
async function driveWithoutFfmpeg(fixtures: string) {
  const browser = await launch({ 'media.ffmpeg.enabled': false });
  try {
    const page = await browser.newPage();
    activePage = page;
    const member = await createMember({ label: 'firefox-no-ffmpeg', plan: 'tickets' });
    await step('without FFmpeg (no H.264 encoder): the video still gets its renditions', async () => {
      await signIn(page, member.email);
      await openLibrary(page);
      const { mp4, webm } = await uploadVideo(page, member, fixtures);
      expect(mp4.video === 'vp9', `MP4 video ${mp4.video}`);
      expect(webm.video === 'vp8' || webm.video === 'vp9', `WebM video ${webm.video}`);
      return `MP4 ${mp4.video}+${mp4.audio}, WebM ${webm.video}+${webm.audio}`;
    });
  } finally {
    await browser.close();
  }
}

function launch(firefoxPrefs: Record<string, unknown> = {}): Promise<Browser> {
  return puppeteer.launch({
    browser: browserName === 'chromium' ? 'chrome' : 'firefox',
    executablePath,
    headless: true,
    args: browserName === 'chromium' ? ['--no-sandbox', '--disable-gpu'] : [],
    extraPrefsFirefox: firefoxPrefs,
  });
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'firefox-media-check-'));
const stack = (await appAnswers()) ? null : await startStack(dataDir);
const browser = await launch();
try {
  console.log(`${await browser.version()} against ${APP_URL}${stack ? ' (own stack)' : ''}`);
  const member = await createMember({ label: 'firefox-media', plan: 'tickets' });
  await drive(browser, member, dataDir);
  if (browserName === 'firefox') await driveWithoutFfmpeg(dataDir);
} finally {
  await browser.close();
  if (stack) await stopStack(stack);
  await rm(dataDir, { recursive: true, force: true });
}
const failed = results.filter((result) => !result.ok);
console.log(`\n${results.length - failed.length} of ${results.length} steps passed in ${browserName}.`);
process.exitCode = failed.length ? 1 : 0;
