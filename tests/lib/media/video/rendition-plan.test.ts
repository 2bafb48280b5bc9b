import {
  fitWithin,
  isMostlyBlack,
  posterCandidates,
  renditionPaths,
  videoBitrate,
} from '@/lib/media/video/rendition-plan';

describe('fitWithin', () => {
  it('scales the long side down to the limit and keeps the aspect ratio', () => {
    expect(fitWithin({ width: 1920, height: 1080 }, 1280)).toEqual({ width: 1280, height: 720 });
    expect(fitWithin({ width: 1080, height: 1920 }, 1280)).toEqual({ width: 720, height: 1280 });
    expect(fitWithin({ width: 3840, height: 2160 }, 480)).toEqual({ width: 480, height: 270 });
  });

  it('never scales up', () => {
    expect(fitWithin({ width: 640, height: 360 }, 1280)).toEqual({ width: 640, height: 360 });
  });

  it('makes both sides even, as H.264 and VP9 encoders need', () => {
    const size = fitWithin({ width: 1279, height: 719 }, 1280);
    expect(size.width % 2).toBe(0);
    expect(size.height % 2).toBe(0);
    expect(fitWithin({ width: 1000, height: 3 }, 1280)).toEqual({ width: 1000, height: 4 });
    expect(fitWithin({ width: 4000, height: 1 }, 1280)).toEqual({ width: 1280, height: 2 });
  });
});

describe('videoBitrate', () => {
  it('gives 720p30 H.264 about 2.5 Mbit/s and VP9 about 30 % less', () => {
    const hd = { width: 1280, height: 720 };
    expect(videoBitrate('avc', hd, 30)).toBe(2_488_320);
    expect(videoBitrate('vp9', hd, 30)).toBe(1_797_120);
  });

  it('assumes 30 fps when the frame rate is unknown, caps it at 60 and keeps a floor', () => {
    const hd = { width: 1280, height: 720 };
    expect(videoBitrate('avc', hd, Number.NaN)).toBe(videoBitrate('avc', hd, 30));
    expect(videoBitrate('avc', hd, 240)).toBe(videoBitrate('avc', hd, 60));
    expect(videoBitrate('vp9', { width: 160, height: 90 }, 15)).toBe(300_000);
  });
});

describe('posterCandidates', () => {
  it('tries the first frame, half a second and one second in', () => {
    expect(posterCandidates(12)).toEqual([0, 0.5, 1]);
  });

  it('uses the middle of a clip shorter than the moments', () => {
    expect(posterCandidates(0.4)).toEqual([0, 0.2]);
  });
});

describe('isMostlyBlack', () => {
  const frame = (value: number) => new Uint8ClampedArray(64 * 64 * 4).fill(value);

  it('tells a black (or nearly black) frame from a picture', () => {
    expect(isMostlyBlack(frame(0))).toBe(true);
    expect(isMostlyBlack(frame(10))).toBe(true);
    expect(isMostlyBlack(frame(120))).toBe(false);
    expect(isMostlyBlack(new Uint8ClampedArray())).toBe(true);
  });
});

describe('renditionPaths', () => {
  const media = { organization_id: 'org', id: 'media' };

  it('puts every file of a video in its own folder under the organization', () => {
    expect(renditionPaths(media)).toEqual({
      mp4: 'org/media/video.mp4',
      webm: 'org/media/video.webm',
      poster: 'org/media/poster.webp',
      thumbnail: 'org/media/thumb.webp',
    });
  });

  it('names JPEG posters .jpg (a browser that cannot encode WebP)', () => {
    expect(renditionPaths(media, 'image/jpeg')).toMatchObject({
      poster: 'org/media/poster.jpg',
      thumbnail: 'org/media/thumb.jpg',
    });
  });
});
