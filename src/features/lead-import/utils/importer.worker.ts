/// <reference lib="webworker" />
/**
 * The importer's Web Worker: parses and validates off the main thread, so a 10,000-row file never
 * freezes the page. Messages: `parse` (an ArrayBuffer and its format) → `parsed`; `validate` (rows,
 * mapping) → `progress`… then `validated`; any failure → `error`. An .xlsx loads the Excel reader
 * (./xlsx, its own lazy chunk) here, inside the worker, and only then.
 */
import { parseBytes } from '@/lib/spreadsheet/parse';
import type { WorkerRequest, WorkerResponse } from './background';
import { validateRows } from './validate';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const send = (message: WorkerResponse) => scope.postMessage(message);

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'parse') {
      send({ type: 'parsed', result: await parseBytes(request.buffer, request.format) });
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
