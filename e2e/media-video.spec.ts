import { expect, test } from './fixtures';
import { admin } from './support/admin';
import { DEV_SERVER_URL } from './support/hosts';
import { createMember } from './support/marketplace-data';
import { describeVideoFile } from './support/media-files';
import type { makeTestClip } from './support/video-clip';

type ClipModule = { makeTestClip: typeof makeTestClip };

/**
 * A video from upload to playback in real Chromium: the renditions are really made in the browser
 * (WebCodecs), stored, and played from both sources. The upload fixture is drawn by the browser too
 * (e2e/support/video-clip.ts), so no binary file is checked in.
 */

test('a video uploaded in /media is processed in the browser and plays from its WebM and MP4', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const member = await createMember({ label: 'video', plan: 'tickets' });
  await signInAs(page, member.email);
  await page.goto('/media');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Imported from `npm start`'s dev server, which serves e2e/ like the app's own modules (and allows
  // localhost origins such as the built app's).
  const clip = await page.evaluate(async (modulePath) => {
    const { makeTestClip } = (await import(/* @vite-ignore */ modulePath)) as ClipModule;
    const blob = await makeTestClip({ seconds: 2.5, width: 640, height: 360, container: 'webm' });
    return [...new Uint8Array(await blob.arrayBuffer())];
  }, `${DEV_SERVER_URL}/e2e/support/video-clip.ts`);
  await page.getByTestId('media-file-input').setInputFiles({
    name: 'Sommerkampanje.webm',
    mimeType: 'video/webm',
    buffer: Buffer.from(clip),
  });

  // The row exists with processing = true while this tab makes the renditions.
  const tile = page.getByRole('button', { name: /^Sommerkampanje, Video/ });
  await expect(tile).toHaveAccessibleName(/Behandles/);
  await expect(page.getByText('Gjør videoen klar …')).toBeVisible();
  await expect(tile).not.toHaveAccessibleName(/Behandles/, { timeout: 60_000 });

  const { data: row } = await admin
    .from('organizations_media')
    .select()
    .eq('organization_id', member.organizationId)
    .single()
    .throwOnError();
  const folder = `${member.organizationId}/${row.id}`;
  expect(row).toMatchObject({
    processing: false,
    storage_path: `${folder}/original.webm`,
    url_video: `${folder}/original.webm`,
    url_mp4: `${folder}/video.mp4`,
    url_webm: `${folder}/video.webm`,
    url: `${folder}/poster.webp`,
    thumbnail_path: `${folder}/thumb.webp`,
    width: 640,
    height: 360,
  });
  expect(Number(row.duration_seconds)).toBeCloseTo(2.5, 1);

  // The files are what their names say: an ISO BMFF (ftyp) with H.264, a Matroska/WebM (EBML) with VP9.
  const mp4 = await describeVideoFile(`${folder}/video.mp4`);
  expect(mp4.magic.slice(8, 16)).toBe(Buffer.from('ftyp').toString('hex'));
  expect(mp4).toMatchObject({ video: 'avc', width: 640, height: 360 });
  expect(['aac', 'opus']).toContain(mp4.audio);
  const webm = await describeVideoFile(`${folder}/video.webm`);
  expect(webm.magic.slice(0, 8)).toBe('1a45dfa3');
  expect(webm).toMatchObject({ video: 'vp9', audio: 'opus', width: 640, height: 360 });
  expect(webm.mime).toContain('video/webm');
  for (const file of [mp4, webm]) expect(file.duration).toBeCloseTo(2.5, 0);

  // The preview plays; the browser picks the WebM, and the MP4 plays on its own as well.
  await tile.click();
  const player = page.getByRole('dialog').locator('video');
  await expect(player).toHaveAttribute('poster', /poster\.webp/);
  const played = await player.evaluate(async (video: HTMLVideoElement) => {
    const playFor = async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
      const started = performance.now();
      while (element.currentTime < 0.5 && performance.now() - started < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      element.pause();
      return { src: element.currentSrc, time: element.currentTime, readyState: element.readyState };
    };
    const fromWebm = await playFor(video);
    const mp4Source = video.querySelector<HTMLSourceElement>('source[type="video/mp4"]');
    const alone = document.createElement('video');
    alone.src = mp4Source?.src ?? '';
    document.body.append(alone);
    const fromMp4 = await playFor(alone);
    alone.remove();
    return { fromWebm, fromMp4 };
  });
  expect(played.fromWebm.src).toContain('/video.webm');
  expect(played.fromMp4.src).toContain('/video.mp4');
  for (const run of [played.fromWebm, played.fromMp4]) {
    expect(run.time).toBeGreaterThan(0.4);
    expect(run.readyState).toBeGreaterThanOrEqual(2);
  }

  // The poster skipped the clip's black first frames.
  const posterBrightness = await player.evaluate(async (video: HTMLVideoElement) => {
    // Fetched (storage answers with CORS) rather than drawn from <img>, which would taint the canvas.
    const image = await createImageBitmap(await (await fetch(video.poster)).blob());
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context?.drawImage(image, 0, 0);
    const pixels = context?.getImageData(0, 0, image.width, image.height).data ?? new Uint8ClampedArray();
    let sum = 0;
    for (let index = 0; index < pixels.length; index += 4) sum += pixels[index + 1] ?? 0;
    return sum / (pixels.length / 4);
  });
  expect(posterBrightness).toBeGreaterThan(30);
});
