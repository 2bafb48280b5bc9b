import { useEffect, useRef } from 'react';
import { useMediaAdded } from './mutations';
import type { MediaRow } from './types';
import type { ProcessVideoOptions } from './video/process-video';

/** Videos this tab is making renditions for or has queued, so a list refresh does not start them twice. */
const inProgress = new Set<string>();
const queued = new Set<string>();

/**
 * Starts a video's renditions. The video module (and its codec library) downloads here, on the
 * first video, never with a screen.
 */
export async function startVideoProcessing(row: MediaRow, options: ProcessVideoOptions = {}) {
  if (inProgress.has(row.id)) return;
  inProgress.add(row.id);
  try {
    const { processVideo } = await import('./video/process-video');
    await processVideo(row, options);
  } finally {
    inProgress.delete(row.id);
  }
}

/**
 * Picks up videos left `processing` (the tab that uploaded them was closed) when a member's library
 * lists them: one at a time, in the background; the list refreshes as each finishes.
 */
export function useResumeVideoProcessing(rows: readonly MediaRow[]) {
  const refresh = useMediaAdded();
  const queue = useRef(Promise.resolve());
  const pending = rows.filter(
    (row) => row.type === 'video' && row.processing && !inProgress.has(row.id) && !queued.has(row.id),
  );
  const pendingIds = pending.map((row) => row.id).join(',');
  useEffect(() => {
    for (const row of pending) {
      queued.add(row.id);
      queue.current = queue.current
        .then(() => startVideoProcessing(row))
        .then(async () => {
          await refresh(row);
        })
        // A failure stays visible as «Behandles» and is tried again on the next visit.
        .catch(() => undefined)
        .finally(() => queued.delete(row.id));
    }
    // The rows' ids say whether there is new work; the array itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingIds]);
}
