import { imagePixelSize, sniffMediaType } from '../../../supabase/functions/_shared/media-sniff.ts';
import { ftyp, gif, jpeg, png, webm, webpExtended, webpLossless, webpLossy } from './fixtures';

describe('sniffMediaType', () => {
  it.each([
    ['PNG', png(10, 10), 'image/png', 'png'],
    ['JPEG', jpeg(10, 10), 'image/jpeg', 'jpg'],
    ['lossy WebP', webpLossy(10, 10), 'image/webp', 'webp'],
    ['GIF', gif(10, 10), 'image/gif', 'gif'],
    ['MP4 (isom)', ftyp('isom'), 'video/mp4', 'mp4'],
    ['MP4 (mp42)', ftyp('mp42'), 'video/mp4', 'mp4'],
    ['QuickTime', ftyp('qt  '), 'video/quicktime', 'mov'],
    ['WebM', webm(), 'video/webm', 'webm'],
  ])('knows %s from its bytes', (_name, bytes, mime, ext) => {
    expect(sniffMediaType(bytes)).toMatchObject({ mime, ext });
  });

  it('refuses what is not an image or a video we play, whatever it is called', () => {
    expect(sniffMediaType(new TextEncoder().encode('%PDF-1.7 not an image'))).toBeNull();
    expect(sniffMediaType(ftyp('heic'))).toBeNull();
    expect(sniffMediaType(ftyp('avif'))).toBeNull();
    expect(sniffMediaType(new Uint8Array())).toBeNull();
  });
});

describe('imagePixelSize reads the header without decoding', () => {
  it.each([
    ['PNG IHDR', png(8000, 6000), 'image/png'],
    ['JPEG SOF0 after EXIF', jpeg(8000, 6000), 'image/jpeg'],
    ['JPEG SOF2 (progressive)', jpeg(8000, 6000, 0xc2), 'image/jpeg'],
    ['WebP VP8', webpLossy(8000, 6000), 'image/webp'],
    ['WebP VP8L', webpLossless(8000, 6000), 'image/webp'],
    ['WebP VP8X', webpExtended(8000, 6000), 'image/webp'],
    ['GIF', gif(8000, 6000), 'image/gif'],
  ])('%s', (_name, bytes, mime) => {
    expect(imagePixelSize(bytes, mime)).toEqual({ width: 8000, height: 6000 });
  });

  it('gives null for a header cut short', () => {
    expect(imagePixelSize(png(10, 10).subarray(0, 12), 'image/png')).toBeNull();
    expect(imagePixelSize(jpeg(10, 10).subarray(0, 30), 'image/jpeg')).toBeNull();
  });
});
