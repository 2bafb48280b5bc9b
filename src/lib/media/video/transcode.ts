import {
  BlobSource,
  BufferTarget,
  CanvasSink,
  canEncodeAudio,
  canEncodeVideo,
  Conversion,
  Input,
  MATROSKA,
  MP4,
  Mp4OutputFormat,
  Output,
  QTFF,
  WEBM,
  WebMOutputFormat,
  type AudioCodec,
  type InputVideoTrack,
  type OutputFormat,
} from 'mediabunny';
import {
  chooseMp4AudioCodec,
  chooseVideoCodecs,
  fitWithin,
  isMostlyBlack,
  MAX_VIDEO_SECONDS,
  posterCandidates,
  RENDITION_LONG_SIDE,
  THUMBNAIL_LONG_SIDE,
  videoBitrate,
  type RenditionVideoCodec,
  type Size,
} from './rendition-plan';

/**
 * The work behind makeVideoRenditions, with Mediabunny (WebCodecs decode/encode, its own MP4 and
 * WebM muxers). It runs in the renditions worker (renditions.worker.ts), with OffscreenCanvas for
 * the poster and thumbnail.
 */

export type VideoRenditions = {
  mp4: Blob;
  webm: Blob;
  poster: Blob;
  thumbnail: Blob;
  width: number;
  height: number;
  durationSeconds: number;
};

/** Why the work stopped, as the catalogue code the caller turns into an AppError. */
export class RenditionError extends Error {
  constructor(
    readonly code: 'media-video-too-long' | 'video-processing-failed' | 'video-browser-unsupported',
  ) {
    super(code);
    this.name = 'RenditionError';
  }
}

type Progress = (fraction: number) => void;

/**
 * The containers the library accepts (MP4, QuickTime, WebM and Matroska); naming them instead of
 * ALL_FORMATS leaves the audio-only and streaming demuxers (MP3, Ogg, FLAC, HLS …) out of the worker.
 */
const FORMATS = [MP4, QTFF, WEBM, MATROSKA];

export async function transcode(file: Blob, onProgress: Progress): Promise<VideoRenditions> {
  const input = new Input({ source: new BlobSource(file), formats: FORMATS });
  try {
    const track = await input.getPrimaryVideoTrack().catch(() => null);
    if (!track) throw new RenditionError('video-processing-failed');
    // Another browser may decode what this one cannot: not the file's fault.
    if (!(await track.canDecode())) throw new RenditionError('video-browser-unsupported');
    const durationSeconds = await input.computeDuration();
    if (durationSeconds > MAX_VIDEO_SECONDS) throw new RenditionError('media-video-too-long');

    const size = fitWithin(
      { width: await track.getDisplayWidth(), height: await track.getDisplayHeight() },
      RENDITION_LONG_SIDE,
    );
    const frameRate = (await track.computePacketStats(50)).averagePacketRate;
    const codecs = await videoCodecs(size, frameRate);
    if (!codecs.mp4 || !codecs.webm) throw new RenditionError('video-browser-unsupported');
    // Poster first: it is quick, and a file the decoder chokes on fails before minutes of encoding.
    const { poster, thumbnail } = await posterAndThumbnail(track, size, durationSeconds);
    onProgress(0.02);
    const mp4 = await convert(file, new Mp4OutputFormat({ fastStart: 'in-memory' }), {
      video: codecs.mp4,
      audio: await mp4AudioCodec(input),
      size,
      frameRate,
      onProgress: (fraction) => onProgress(0.02 + fraction * 0.49),
    });
    const webm = await convert(file, new WebMOutputFormat(), {
      video: codecs.webm,
      audio: 'opus',
      size,
      frameRate,
      onProgress: (fraction) => onProgress(0.51 + fraction * 0.49),
    });
    onProgress(1);
    return {
      mp4,
      webm,
      poster,
      thumbnail,
      ...size,
      durationSeconds: Math.round(durationSeconds * 1000) / 1000,
    };
  } catch (error) {
    if (error instanceof RenditionError) throw error;
    throw new RenditionError('video-processing-failed');
  } finally {
    input.dispose();
  }
}

/** The renditions' video codecs from the encoders this browser has at this size (chooseVideoCodecs). */
async function videoCodecs(size: Size, frameRate: number) {
  const can = (codec: RenditionVideoCodec) =>
    canEncodeVideo(codec, { ...size, bitrate: videoBitrate(codec, size, frameRate) }).catch(() => false);
  const [avc, vp9, vp8, vp9Smooth] = await Promise.all([
    can('avc'),
    can('vp9'),
    can('vp8'),
    encodesSmoothly('video/VP9', size, videoBitrate('vp9', size, frameRate)),
  ]);
  return chooseVideoCodecs({ avc, vp9, vp8, vp9Smooth });
}

/**
 * Whether the browser says it encodes this codec smoothly (MediaCapabilities). «webrtc» is the one
 * encoding type Chromium and Firefox both answer for; undefined where the browser does not say.
 */
async function encodesSmoothly(contentType: string, size: Size, bitrate: number) {
  try {
    const info = await navigator.mediaCapabilities.encodingInfo({
      type: 'webrtc',
      video: { contentType, ...size, bitrate, framerate: 30 },
    });
    return info.supported ? info.smooth : undefined;
  } catch {
    return undefined;
  }
}

async function mp4AudioCodec(input: Input): Promise<AudioCodec> {
  const audio = await input.getPrimaryAudioTrack();
  const codec = audio ? await audio.getCodec() : null;
  return chooseMp4AudioCodec(codec, await canEncodeAudio('aac'));
}

type ConvertOptions = {
  video: RenditionVideoCodec;
  audio: AudioCodec;
  size: Size;
  frameRate: number;
  onProgress: Progress;
};

async function convert(file: Blob, format: OutputFormat, options: ConvertOptions): Promise<Blob> {
  // A fresh Input per output: each conversion reads the file from its start.
  const input = new Input({ source: new BlobSource(file), formats: FORMATS });
  const target = new BufferTarget();
  const output = new Output({ format, target });
  try {
    const conversion = await Conversion.init({
      input,
      output,
      tracks: 'primary',
      video: {
        codec: options.video,
        width: options.size.width,
        height: options.size.height,
        fit: 'fill',
        // Always re-encode: an upload straight from a phone is often 20+ Mbit/s, too much for a page.
        forceTranscode: true,
        bitrate: videoBitrate(options.video, options.size, options.frameRate),
      },
      audio: { codec: options.audio, numberOfChannels: 2, sampleRate: 48_000 },
    });
    if (!conversion.isValid) throw new RenditionError('video-processing-failed');
    conversion.onProgress = options.onProgress;
    await conversion.execute();
    const buffer = target.buffer;
    if (!buffer) throw new RenditionError('video-processing-failed');
    return new Blob([buffer], { type: format.mimeType });
  } finally {
    input.dispose();
  }
}

async function posterAndThumbnail(track: InputVideoTrack, size: Size, durationSeconds: number) {
  const sink = new CanvasSink(track, { width: size.width, height: size.height, fit: 'fill' });
  const start = await track.getFirstTimestamp();
  const moments = posterCandidates(durationSeconds - start).map((moment) => start + moment);
  let chosen: OffscreenCanvas | null = null;
  for await (const frame of sink.canvasesAtTimestamps(moments)) {
    if (!(frame?.canvas instanceof OffscreenCanvas)) continue;
    chosen = frame.canvas;
    if (!isMostlyBlack(pixelsOf(chosen))) break;
  }
  if (!chosen) throw new RenditionError('video-processing-failed');
  const thumbSize = fitWithin(size, THUMBNAIL_LONG_SIDE);
  const small = new OffscreenCanvas(thumbSize.width, thumbSize.height);
  small.getContext('2d')?.drawImage(chosen, 0, 0, thumbSize.width, thumbSize.height);
  return { poster: await toWebp(chosen, 0.82), thumbnail: await toWebp(small, 0.78) };
}

function pixelsOf(canvas: OffscreenCanvas): Uint8ClampedArray {
  const context = canvas.getContext('2d');
  return context?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
}

/**
 * WebP where the browser encodes it; Safari's canvas answers PNG for a WebP request, so there the
 * poster is a JPEG (the row's paths then end in .jpg, see renditionPaths).
 */
async function toWebp(canvas: OffscreenCanvas, quality: number): Promise<Blob> {
  const webp = await encode(canvas, 'image/webp', quality);
  if (webp?.type === 'image/webp') return webp;
  const jpeg = await encode(canvas, 'image/jpeg', quality);
  if (jpeg?.type === 'image/jpeg') return jpeg;
  throw new RenditionError('video-processing-failed');
}

function encode(canvas: OffscreenCanvas, type: string, quality: number): Promise<Blob | null> {
  return canvas.convertToBlob({ type, quality }).catch(() => null);
}
