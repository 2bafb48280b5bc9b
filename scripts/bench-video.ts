/**
 * Benchmarks a video's renditions as the media library makes them: a 10 s 1280×720 30 fps clip
 * (H.264 + Opus MP4, drawn by e2e/support/video-clip.ts like a phone's upload) through
 * makeVideoRenditions in headless Chromium (its worker, WebCodecs). Prints the time and the sizes of
 * the MP4, WebM, poster and thumbnail; asserts nothing. Starts its own Vite dev server on a free port
 * and needs no platform.
 *
 *   npm run bench:video [-- --seconds 10 --width 1280 --height 720 --runs 3]
 */
import { chromium } from '@playwright/test';
import { createServer } from 'vite';
import type { makeTestClip } from '../e2e/support/video-clip.ts';
import type { makeVideoRenditions } from '../src/lib/media/video/renditions.ts';

type Modules = { makeTestClip: typeof makeTestClip; makeVideoRenditions: typeof makeVideoRenditions };

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const clipOptions = {
  seconds: option('seconds', 10),
  width: option('width', 1280),
  height: option('height', 720),
  container: 'mp4' as const,
};
const runs = option('runs', 3);

const server = await createServer({
  logLevel: 'error',
  server: { port: 0, host: '127.0.0.1', strictPort: false },
});
await server.listen();
const address = server.resolvedUrls?.local[0];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  if (!address) throw new Error('The dev server has no address');
  const page = await browser.newPage();
  // Any page of the dev server's origin: a secure context (127.0.0.1) that can import its modules.
  await page.goto(new URL('robots.txt', address).href);
  const results = await page.evaluate(
    async ({ clipOptions, runs, modules }) => {
      // No named helpers in here: tsx would wrap them in a __name() the page does not have.
      const { makeTestClip } = (await import(/* @vite-ignore */ modules.clip)) as Partial<Modules>;
      const { makeVideoRenditions } = (await import(
        /* @vite-ignore */ modules.renditions
      )) as Partial<Modules>;
      if (!makeTestClip || !makeVideoRenditions) throw new Error('modules not found');
      const clip = await makeTestClip(clipOptions);
      const times: number[] = [];
      let last: Awaited<ReturnType<typeof makeVideoRenditions>> | undefined;
      for (let run = 0; run < runs; run += 1) {
        const started = performance.now();
        last = await makeVideoRenditions(clip);
        times.push(performance.now() - started);
      }
      if (!last) throw new Error('no run');
      return {
        clipBytes: clip.size,
        times,
        mp4: last.mp4.size,
        webm: last.webm.size,
        poster: last.poster.size,
        thumbnail: last.thumbnail.size,
        size: `${last.width}×${last.height}`,
        durationSeconds: last.durationSeconds,
      };
    },
    {
      clipOptions,
      runs,
      modules: { clip: '/e2e/support/video-clip.ts', renditions: '/src/lib/media/video/renditions.ts' },
    },
  );
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  const mbit = (bytes: number) => `${((bytes * 8) / results.durationSeconds / 1e6).toFixed(2)} Mbit/s`;
  const sorted = [...results.times].sort((a, b) => a - b);
  console.log(
    `Clip: ${clipOptions.seconds} s ${clipOptions.width}×${clipOptions.height} H.264+Opus MP4, ${kib(results.clipBytes)}`,
  );
  console.log(
    `Renditions (${runs} runs): median ${((sorted[Math.floor(runs / 2)] ?? 0) / 1000).toFixed(1)} s, ` +
      `runs ${results.times.map((time) => (time / 1000).toFixed(1)).join(' / ')} s`,
  );
  console.log(`  ${results.size}, ${results.durationSeconds} s`);
  console.log(`  MP4 (H.264 + audio): ${kib(results.mp4)} (${mbit(results.mp4)})`);
  console.log(`  WebM (VP9 + Opus):   ${kib(results.webm)} (${mbit(results.webm)})`);
  console.log(`  poster: ${kib(results.poster)}, thumbnail: ${kib(results.thumbnail)}`);
} finally {
  await browser.close();
  await server.close();
}
