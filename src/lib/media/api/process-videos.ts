import { useEffect, useRef } from 'react';
import { AppError, unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { awaitingRenditions, type MediaRow } from '../types';
import { useMediaAdded } from './invalidate-media';
import type { ProcessVideoOptions } from './process-video';

/** Videos this tab is making renditions for or has queued, so a list refresh does not start them twice. */
const inProgress = new Set<string>();
const queued = new Set<string>();
/** Videos this tab has tried since it loaded: one attempt per page load, the next visit tries again. */
const tried = new Set<string>();

/**
 * Asks the database for the video: one browser at a time makes its renditions (a 30-minute claim),
 * and after three attempts it counts as failed (claim_video_processing).
 */
async function claimVideo(mediaId: string): Promise<boolean> {
  return unwrap(await supabase.rpc('claim_video_processing', { input_media_id: mediaId })) === true;
}

/**
 * Gives the claim back after a failed attempt, so the next visit may try again (or marks it failed).
 * When this browser lacked a codec the attempt does not count: another browser may manage.
 */
async function releaseVideo(mediaId: string, error: unknown): Promise<void> {
  const browserLacking = error instanceof AppError && error.code === 'video-browser-unsupported';
  unwrap(
    await supabase.rpc('release_video_processing', {
      input_media_id: mediaId,
      input_attempt_counts: !browserLacking,
    }),
  );
}

/**
 * Starts a video's renditions if this browser gets the video's claim; null when another browser has
 * it or it has failed. The video module (and its codec library) downloads here, on the first video,
 * never with a screen.
 */
export async function startVideoProcessing(
  row: MediaRow,
  options: ProcessVideoOptions = {},
): Promise<MediaRow | null> {
  if (inProgress.has(row.id)) return null;
  inProgress.add(row.id);
  tried.add(row.id);
  try {
    if (!(await claimVideo(row.id))) return null;
    try {
      const { processVideo } = await import('./process-video');
      return await processVideo(row, options);
    } catch (error) {
      await releaseVideo(row.id, error).catch(() => undefined);
      throw error;
    }
  } finally {
    inProgress.delete(row.id);
  }
}

/** Whether nobody's claim on the video is running (another tab's, or one that ran out). */
function unclaimed(row: MediaRow) {
  const claimedUntil = row.processing_claimed_until ? Date.parse(row.processing_claimed_until) : 0;
  return claimedUntil <= Date.now();
}

/**
 * Picks up videos left `processing` (the tab that uploaded them was closed, or an attempt failed)
 * when a member's library lists them: one at a time, in the background, each at most once per page
 * load; the list refreshes as each finishes or fails.
 */
export function useResumeVideoProcessing(rows: readonly MediaRow[]) {
  const refresh = useMediaAdded();
  const queue = useRef(Promise.resolve());
  const pending = rows.filter(
    (row) =>
      row.type === 'video' &&
      awaitingRenditions(row) &&
      !tried.has(row.id) &&
      !inProgress.has(row.id) &&
      !queued.has(row.id),
  );
  const pendingIds = pending.map((row) => row.id).join(',');
  useEffect(() => {
    for (const row of pending.filter(unclaimed)) {
      queued.add(row.id);
      queue.current = queue.current
        .then(() => startVideoProcessing(row))
        // A failed attempt is counted by the database; the list shows the video failed after the last.
        .catch(() => undefined)
        .then(async () => {
          await refresh(row);
        })
        .finally(() => queued.delete(row.id));
    }
    // The rows' ids say whether there is new work; the array itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingIds]);
}
