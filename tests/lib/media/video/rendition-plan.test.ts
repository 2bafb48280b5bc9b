import {
  chooseMp4AudioCodec,
  chooseVideoCodecs,
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

describe('chooseVideoCodecs', () => {
  const all = { avc: true, vp9: true, vp8: true };

  it('makes an H.264 MP4 and a VP9 WebM where the browser encodes both (Chromium, Firefox with FFmpeg)', () => {
    expect(chooseVideoCodecs(all)).toEqual({ mp4: 'avc', webm: 'vp9' });
  });

  it('puts VP9 in the MP4 where there is no H.264 encoder (Firefox on Linux without FFmpeg)', () => {
    expect(chooseVideoCodecs({ ...all, avc: false })).toEqual({ mp4: 'vp9', webm: 'vp9' });
  });

  it('makes the WebM VP8 where VP9 cannot be encoded', () => {
    expect(chooseVideoCodecs({ ...all, vp9: false })).toEqual({ mp4: 'avc', webm: 'vp8' });
  });

  it('makes the WebM VP8 where the browser says its VP9 is not smooth (Firefox)', () => {
    expect(chooseVideoCodecs({ ...all, vp9Smooth: false })).toEqual({ mp4: 'avc', webm: 'vp8' });
    expect(chooseVideoCodecs({ ...all, avc: false, vp9Smooth: false })).toEqual({ mp4: 'vp9', webm: 'vp8' });
  });

  it('keeps VP9 where it is smooth, where the browser does not say, or where there is no VP8', () => {
    expect(chooseVideoCodecs({ ...all, vp9Smooth: true })).toEqual({ mp4: 'avc', webm: 'vp9' });
    expect(chooseVideoCodecs({ ...all, vp9Smooth: undefined })).toEqual({ mp4: 'avc', webm: 'vp9' });
    expect(chooseVideoCodecs({ ...all, vp8: false, vp9Smooth: false })).toEqual({ mp4: 'avc', webm: 'vp9' });
  });

  it('has no MP4 codec with neither H.264 nor VP9, and no WebM codec with neither VP9 nor VP8', () => {
    expect(chooseVideoCodecs({ avc: false, vp9: false, vp8: true })).toEqual({ mp4: null, webm: 'vp8' });
    expect(chooseVideoCodecs({ avc: true, vp9: false, vp8: false })).toEqual({ mp4: 'avc', webm: null });
  });
});

describe('chooseMp4AudioCodec', () => {
  it('keeps AAC for an AAC input and a silent one, whatever the browser encodes', () => {
    expect(chooseMp4AudioCodec('aac', false)).toBe('aac');
    expect(chooseMp4AudioCodec(null, false)).toBe('aac');
  });

  it('encodes other audio as AAC where the browser can, else Opus (Chromium and Firefox on Linux)', () => {
    expect(chooseMp4AudioCodec('opus', true)).toBe('aac');
    expect(chooseMp4AudioCodec('opus', false)).toBe('opus');
    expect(chooseMp4AudioCodec('pcm-s16', false)).toBe('opus');
  });
});
