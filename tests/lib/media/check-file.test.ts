import { checkMediaFile } from '@/lib/media/check-file';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '@/lib/media/limits';
import { fileOf, ftyp, gif, jpeg, png, webm } from './fixtures';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { code?: string }) => error.code,
  );

/** A File that says it is `size` bytes without holding them (a 200 MB buffer would slow the suite). */
function fileClaiming(head: Uint8Array<ArrayBuffer>, name: string, size: number) {
  const file = fileOf(head, name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('checkMediaFile (the limits in src/lib/media/limits.ts)', () => {
  it('accepts an image within the limits and says what it is', async () => {
    await expect(checkMediaFile(fileOf(png(4000, 3000), 'kontor.png'))).resolves.toMatchObject({
      type: 'image',
      mime: 'image/png',
      width: 4000,
      height: 3000,
    });
    await expect(checkMediaFile(fileOf(jpeg(800, 600), 'bilde.JPEG'))).resolves.toMatchObject({ ext: 'jpg' });
    await expect(checkMediaFile(fileOf(webm(), 'film.webm'))).resolves.toMatchObject({ type: 'video' });
    await expect(checkMediaFile(fileOf(ftyp('qt  '), 'iphone.mov'))).resolves.toMatchObject({
      mime: 'video/quicktime',
    });
  });

  it('refuses an image over 10 MB (real padding) and a video over 200 MB', async () => {
    expect(await codeOf(checkMediaFile(fileOf(png(100, 100), 'stor.png', MAX_IMAGE_BYTES + 1)))).toBe(
      'media-too-large',
    );
    expect(await codeOf(checkMediaFile(fileOf(png(100, 100), 'akkurat.png', MAX_IMAGE_BYTES)))).toBe(
      'accepted',
    );
    expect(await codeOf(checkMediaFile(fileClaiming(ftyp('isom'), 'lang.mp4', MAX_VIDEO_BYTES + 1)))).toBe(
      'media-too-large',
    );
  });

  it('refuses more than 40 megapixels from the header alone', async () => {
    expect(await codeOf(checkMediaFile(fileOf(png(8000, 5001), 'panorama.png')))).toBe(
      'media-too-many-pixels',
    );
    expect(await codeOf(checkMediaFile(fileOf(gif(8000, 5000), 'akkurat.gif')))).toBe('accepted');
  });

  it('refuses a file whose name lies about its bytes', async () => {
    expect(await codeOf(checkMediaFile(fileOf(png(10, 10), 'bilde.jpg')))).toBe('media-type-mismatch');
    expect(await codeOf(checkMediaFile(fileOf(new TextEncoder().encode('hei'), 'bilde.png')))).toBe(
      'media-type-mismatch',
    );
    expect(await codeOf(checkMediaFile(fileOf(ftyp('isom'), 'video.gif')))).toBe('media-type-mismatch');
  });

  it('refuses what is not media at all', async () => {
    expect(await codeOf(checkMediaFile(fileOf(new TextEncoder().encode('%PDF-1.7'), 'faktura.pdf')))).toBe(
      'media-type-unsupported',
    );
  });
});
