import { invokeFunction } from '../../api/invoke-function';
import { AppError, toAppError } from '../../errors';
import { supabase } from '../../supabase';
import { MEDIA_BUCKET } from '../limits';
import type { MediaRow } from '../types';
import { abortError } from '../video/abort';
import { renditionPaths } from '../video/rendition-plan';
import { uploadObject } from './upload-object';

export type ProcessVideoOptions = {
  signal?: AbortSignal;
  /** 0…1 over the whole job: download, renditions, uploads. */
  onProgress?: (fraction: number) => void;
  /** The original still in memory after its upload; without it the original is downloaded. */
  file?: Blob;
};

/** Shares of the progress bar: making the renditions dominates; downloading and uploading are quick. */
const DOWNLOAD_SHARE = 0.05;
const RENDITIONS_SHARE = 0.85;

/**
 * Turns a video row left `processing` into a playable one: makes the renditions in this browser,
 * uploads them next to the original and has finish-upload check them and fill the row (docs/media.md,
 * «Video»). The caller holds the video's claim (./process-videos.ts). Safe to run again on the same
 * row: uploads replace what an interrupted run left. Returns the updated row.
 */
export async function processVideo(
  row: MediaRow,
  { signal, onProgress, file }: ProcessVideoOptions = {},
): Promise<MediaRow> {
  const report = (fraction: number) => onProgress?.(Math.min(1, fraction));
  const original = file ?? (await downloadOriginal(row.storage_path, signal));
  report(DOWNLOAD_SHARE);

  const { makeVideoRenditions } = await import('../video/renditions');
  const renditions = await makeVideoRenditions(original, {
    signal,
    onProgress: (fraction) => report(DOWNLOAD_SHARE + fraction * RENDITIONS_SHARE),
  });

  const paths = renditionPaths(row, renditions.poster.type);
  const uploads = [
    { path: paths.mp4, blob: renditions.mp4 },
    { path: paths.webm, blob: renditions.webm },
    { path: paths.poster, blob: renditions.poster },
    { path: paths.thumbnail, blob: renditions.thumbnail },
  ];
  const total = uploads.reduce((sum, { blob }) => sum + blob.size, 0);
  let done = 0;
  for (const { path, blob } of uploads) {
    await uploadObject(path, blob, {
      signal,
      contentType: blob.type,
      upsert: true,
      onProgress: (fraction) =>
        report(
          DOWNLOAD_SHARE +
            RENDITIONS_SHARE +
            ((done + fraction * blob.size) / total) * (1 - DOWNLOAD_SHARE - RENDITIONS_SHARE),
        ),
    });
    done += blob.size;
  }

  signal?.throwIfAborted();
  // finish-upload checks the renditions' bytes and fills the row (paths, frame size, processing off).
  const { media } = await invokeFunction<{ media: MediaRow }>('finish-upload', {
    organizationId: row.organization_id,
    mediaId: row.id,
    durationSeconds: renditions.durationSeconds,
  });
  report(1);
  return media;
}

/** The original through a short-lived signed URL, so the download can be cancelled with the signal. */
async function downloadOriginal(path: string, signal?: AbortSignal): Promise<Blob> {
  const storage = await supabase.storage();
  const { data, error } = await storage.from(MEDIA_BUCKET).createSignedUrl(path, 10 * 60);
  if (error) throw toAppError(error);
  let response: Response;
  try {
    response = await fetch(data.signedUrl, { signal });
  } catch (error) {
    if (signal?.aborted) throw abortError(signal);
    throw new AppError('network', { cause: error });
  }
  if (!response.ok)
    throw new AppError(response.status === 404 ? 'not-found' : 'unknown', { status: response.status });
  return response.blob();
}
