/// <reference lib="webworker" />
import { RenditionError, transcode } from './transcode';

/**
 * Makes a video's renditions off the main thread, so the library screen stays responsive during
 * minutes of encoding. Messages: in, the file; out, progress, then the renditions or an error code.
 */
export type WorkerAnswer =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; renditions: Awaited<ReturnType<typeof transcode>> }
  | { kind: 'failed'; code: RenditionError['code'] };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<Blob>) => {
  const answer = (message: WorkerAnswer) => scope.postMessage(message);
  try {
    const renditions = await transcode(event.data, (fraction) => answer({ kind: 'progress', fraction }));
    answer({ kind: 'done', renditions });
  } catch (error) {
    answer({
      kind: 'failed',
      code: error instanceof RenditionError ? error.code : 'video-processing-failed',
    });
  }
};
