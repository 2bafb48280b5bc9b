import { useCallback, useEffect, useRef, useState } from 'react';
import { useMediaAdded } from '@/lib/media/api/invalidate-media';
import { startVideoProcessing } from '@/lib/media/api/process-videos';
import { uploadMedia, type UploadStage } from '@/lib/media/api/upload-media';
import { isAbort } from '@/lib/media/api/upload-object';
import type { MediaAccept, MediaRow } from '@/lib/media/types';

export type QueueStage = 'waiting' | UploadStage | 'processing' | 'done' | 'failed' | 'cancelled';

export type QueueItem = {
  key: string;
  name: string;
  stage: QueueStage;
  /** 0–1 of the current stage's work. */
  progress: number;
  error: unknown;
  /** The stored item, once its row exists. */
  row: MediaRow | null;
};

const FINISHED: readonly QueueStage[] = ['done', 'failed', 'cancelled'];
export const isFinished = (item: QueueItem) => FINISHED.includes(item.stage);

let nextKey = 0;

/**
 * The upload queue: files go one at a time (decoding several large photos at once would exhaust a
 * phone's memory), each with its stage, progress and own cancel. A video's renditions start when
 * its original is stored; the queue shows them as «Gjør videoen klar».
 */
export function useUploadQueue(organizationId: string, accept: MediaAccept = 'any') {
  const [items, setItems] = useState<QueueItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const chain = useRef<Promise<void>>(Promise.resolve());
  const mediaAdded = useMediaAdded();

  const patch = useCallback((key: string, change: Partial<QueueItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const run = useCallback(
    async (key: string, file: File) => {
      const controller = controllers.current.get(key);
      if (!controller || controller.signal.aborted) return;
      const { signal } = controller;
      const onProgress = (progress: number) => patch(key, { progress });
      try {
        const row = await uploadMedia(file, organizationId, {
          accept,
          signal,
          onProgress,
          onStage: (stage) => patch(key, { stage, progress: 0 }),
        });
        void mediaAdded(row);
        if (row.type === 'video') {
          patch(key, { stage: 'processing', progress: 0, row });
          // The file still in memory spares downloading the original again.
          await startVideoProcessing(row, { signal, onProgress, file });
          void mediaAdded(row);
        }
        patch(key, { stage: 'done', progress: 1, row });
      } catch (error) {
        patch(key, isAbort(error) || signal.aborted ? { stage: 'cancelled' } : { stage: 'failed', error });
      } finally {
        controllers.current.delete(key);
      }
    },
    [accept, mediaAdded, organizationId, patch],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      const added: QueueItem[] = [];
      for (const file of files) {
        const key = `upload-${(nextKey += 1)}`;
        controllers.current.set(key, new AbortController());
        added.push({ key, name: file.name, stage: 'waiting', progress: 0, error: null, row: null });
        chain.current = chain.current.then(() => run(key, file));
      }
      setItems((current) => [...current, ...added]);
    },
    [run],
  );

  const cancel = useCallback(
    (key: string) => {
      const controller = controllers.current.get(key);
      if (!controller) return;
      controller.abort();
      patch(key, { stage: 'cancelled' });
    },
    [patch],
  );

  const dismiss = useCallback((key: string) => {
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const clearFinished = useCallback(() => {
    setItems((current) => current.filter((item) => !isFinished(item)));
  }, []);

  // Leaving the screen stops what is still going; a video already stored resumes on the next visit.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  return { items, add, cancel, dismiss, clearFinished };
}

export type UploadQueueState = ReturnType<typeof useUploadQueue>;
