/// <reference lib="webworker" />
/**
 * The importer's Web Worker: parses and validates off the main thread, so a 10,000-row file never
 * freezes the page. Messages: `parse` (an ArrayBuffer) → `parsed`; `validate` (rows, mapping) →
 * `progress`… then `validated`; any failure → `error`.
 */
import type { WorkerRequest, WorkerResponse } from './background';
import { readCsv } from './csv';
import { validateRows } from './validate';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const send = (message: WorkerResponse) => scope.postMessage(message);

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'parse') {
      send({ type: 'parsed', result: readCsv(new Uint8Array(request.buffer)) });
    } else {
      const result = await validateRows(request.rows, request.mapping, {
        rowNumbers: request.rowNumbers,
        onProgress: (done, total) => send({ type: 'progress', done, total }),
      });
      send({ type: 'validated', result });
    }
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
