import { expect, test } from './fixtures';
import { admin, createMember } from './support/marketplace-data';
import { drawJpegDataUrl, jpegWithGps, storedMedia } from './support/media-files';
import { drawPng } from './support/png';

/*
 * The media library in a real browser against the local stack: images are re-encoded in the
 * browser (web size and thumbnail made in a worker) and sent to the private bucket with progress;
 * the local image provider draws an AI image; refused files leave nothing behind.
 * Needs the media library migration (20261125100000_media_library.sql) and create-image.
 */
test('uploads, describes, generates and deletes media; refuses a too-large file and a lying one', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const member = await createMember({ label: 'media', plan: 'tickets' });
  await signInAs(page, member.email);
  await page.goto('/media');
  await expect(page.getByRole('heading', { name: 'Mediebibliotek', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ingen bilder eller videoer ennå' })).toBeVisible();

  // Two images at once, each with its own progress.
  await page.getByTestId('media-file-input').setInputFiles([
    { name: 'fasade.png', mimeType: 'image/png', buffer: drawPng(1600, 900, [30, 90, 160]) },
    { name: 'bad.png', mimeType: 'image/png', buffer: drawPng(600, 800, [200, 120, 40]) },
  ]);
  const queue = page.getByRole('region', { name: 'Opplastinger' });
  await expect(queue.getByRole('listitem')).toHaveCount(2);
  await expect(queue.getByText('Ferdig', { exact: true })).toHaveCount(2, { timeout: 30_000 });

  const { rows } = await storedMedia(member.organizationId);
  expect(rows).toHaveLength(2);
  const fasade = rows.find((row) => row.name === 'fasade');
  expect(fasade).toMatchObject({ type: 'image', width: 1600, height: 900 });
  // Chromium encodes WebP (the JPEG and PNG fallbacks are for browsers that cannot).
  expect(fasade?.url).toMatch(/\/web\.webp$/);
  expect(fasade?.thumbnail_path).toMatch(/\/thumb\.webp$/);

  // Alt text on one; the other keeps its badge.
  await page.getByRole('button', { name: 'fasade, Mangler alt-tekst' }).click();
  const details = page.getByRole('dialog', { name: 'fasade' });
  await expect(details.locator('img')).toBeVisible();
  await details.getByLabel('Alt-tekst').fill('Blått hus med hvit stripe');
  await details.getByRole('button', { name: 'Lagre' }).click();
  await expect(details.getByText('Lagret.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'fasade', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'bad, Mangler alt-tekst' })).toBeVisible();

  // An AI image from the local provider, kept with its alt text.
  await page.getByRole('button', { name: 'Lag bilde med KI' }).first().click();
  const ai = page.getByRole('dialog', { name: 'Lag bilde med KI' });
  await ai.getByLabel('Beskrivelse').fill('Rørlegger foran en ny varmtvannsbereder');
  await ai.getByRole('button', { name: 'Lag bilde' }).click();
  await expect(ai.getByRole('img')).toBeVisible({ timeout: 30_000 });
  await ai.getByRole('button', { name: 'Behold' }).click();
  await expect(ai).toBeHidden();
  await expect(
    page.getByRole('button', { name: /Rørlegger foran en ny varmtvannsbereder, KI/ }),
  ).toBeVisible();

  // Delete one.
  await page.getByRole('button', { name: 'bad, Mangler alt-tekst' }).click();
  await page.getByRole('dialog', { name: 'bad' }).getByRole('button', { name: 'Slett' }).click();
  await page.getByRole('dialog', { name: 'Slette «bad»?' }).getByRole('button', { name: 'Slett' }).click();
  // The toast itself: Radix also copies its text into a live region for a moment.
  await expect(page.getByRole('region', { name: /^Varsler/ }).getByText('«bad» er slettet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'bad, Mangler alt-tekst' })).toHaveCount(0);
  // The row and then its files: both gone before the next step counts what is stored.
  await expect.poll(async () => (await storedMedia(member.organizationId)).rows.length).toBe(2);
  await expect.poll(async () => (await storedMedia(member.organizationId)).folders.length).toBe(2);

  // A PNG over 10 MB (real padding) and a text file calling itself a JPEG: clear messages, nothing stored.
  const before = await storedMedia(member.organizationId);
  const large = Buffer.concat([drawPng(100, 100, [0, 0, 0]), Buffer.alloc(10 * 1024 * 1024)]);
  await page.getByTestId('media-file-input').setInputFiles([
    { name: 'stor.png', mimeType: 'image/png', buffer: large },
    { name: 'ferie.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('dette er ikke et bilde') },
  ]);
  await expect(queue.getByText(/Filen er for stor/)).toBeVisible();
  await expect(queue.getByText(/Filen er ikke det navnet sier/)).toBeVisible();
  const after = await storedMedia(member.organizationId);
  expect(after.rows).toHaveLength(before.rows.length);
  expect(after.folders).toHaveLength(before.folders.length);
});

test('a photo’s EXIF, its position included, never reaches storage', async ({ page, signInAs }) => {
  test.setTimeout(60_000);
  const member = await createMember({ label: 'media-exif', plan: 'tickets' });
  await signInAs(page, member.email);
  await page.goto('/media');
  const marker = `posisjon-${member.organizationId}`;
  const photo = jpegWithGps(await page.evaluate(drawJpegDataUrl), marker);
  expect(photo.includes(Buffer.from(marker))).toBe(true);

  await page
    .getByTestId('media-file-input')
    .setInputFiles([{ name: 'hytta.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  const queue = page.getByRole('region', { name: 'Opplastinger' });
  await expect(queue.getByText('Ferdig', { exact: true })).toHaveCount(1, { timeout: 30_000 });

  const { rows } = await storedMedia(member.organizationId);
  expect(rows).toHaveLength(1);
  const row = rows[0];
  if (!row) throw new Error('no row');
  // Chromium encodes WebP, so every stored file is one; none carries EXIF or the marker.
  const paths = [row.storage_path, row.url, row.thumbnail_path];
  for (const path of paths) {
    expect(path).toMatch(/\.webp$/);
    const { data } = await admin.storage.from('organizations-media').download(path ?? '');
    if (!data) throw new Error(`${path} did not download`);
    const bytes = Buffer.from(await data.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    expect(bytes.includes(Buffer.from(marker))).toBe(false);
  }
});
