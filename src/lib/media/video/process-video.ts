import { AppError } from '../../errors';
import type { MediaRow } from '../types';

export type ProcessVideoOptions = {
  signal?: AbortSignal;
  /** Share of the work done, 0–1. */
  onProgress?: (fraction: number) => void;
};

/**
 * Makes a video's renditions (MP4, WebM, poster, thumbnail), uploads them and clears `processing`.
 * The renditions are built by the video module of the media library; until it is part of the app,
 * a video stays «Behandles» and the upload says processing failed.
 */
export function processVideo(row: MediaRow, options: ProcessVideoOptions = {}): Promise<void> {
  options.signal?.throwIfAborted();
  return Promise.reject(new AppError('video-processing-failed', { details: { mediaId: row.id } }));
}
