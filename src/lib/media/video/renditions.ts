import { AppError } from '../../errors';
import { abortError } from './abort';
import type { WorkerAnswer } from './renditions.worker';
import type { VideoRenditions } from './transcode';

export type { VideoRenditions } from './transcode';

type Options = {
  signal?: AbortSignal;
  /** 0…1 over the whole job (poster, MP4, WebM). */
  onProgress?: (fraction: number) => void;
};

/**
 * A video's web renditions, made in this browser: H.264 MP4 and VP9 WebM (long side ≤ 1280 px), a
 * poster and a thumbnail (docs/media.md, «Video»). Runs in a worker; aborting the signal stops it at
 * once (the worker is terminated). Rejects with AppError `media-video-too-long`,
 * `video-processing-failed` (the file) or `video-browser-unsupported` (this browser lacks a decoder
 * or encoder), or the signal's reason when aborted.
 *
 * Import this module with import(): it pulls in the codec library, which no screen should pay for
 * until a video is processed.
 */
export function makeVideoRenditions(
  file: Blob,
  { signal, onProgress }: Options = {},
): Promise<VideoRenditions> {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  // Every browser with WebCodecs has module workers.
  if (typeof Worker === 'undefined') return Promise.reject(new AppError('video-browser-unsupported'));
  const worker = new Worker(new URL('./renditions.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<VideoRenditions>((resolve, reject) => {
    const stop = () => {
      worker.terminate();
      reject(abortError(signal));
    };
    signal?.addEventListener('abort', stop, { once: true });
    const finish = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = ({ data }: MessageEvent<WorkerAnswer>) => {
      if (data.kind === 'progress') return onProgress?.(data.fraction);
      finish();
      if (data.kind === 'done') resolve(data.renditions);
      else reject(new AppError(data.code));
    };
    worker.onerror = (event) => {
      finish();
      reject(new AppError('video-processing-failed', { cause: event }));
    };
    worker.postMessage(file);
  });
}
