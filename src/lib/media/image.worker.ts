/// <reference lib="webworker" />
/** Decodes and re-encodes an uploaded image off the main thread (./image-renditions.ts). */
import { renderImage, type ImageWorkerRequest, type ImageWorkerResponse } from './image-renditions';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<ImageWorkerRequest>) => {
  let answer: ImageWorkerResponse;
  try {
    answer = { ok: true, renditions: await renderImage(event.data.file, event.data.mime) };
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(answer);
};
