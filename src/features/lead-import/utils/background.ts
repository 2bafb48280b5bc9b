/**
 * Parsing and validation in a Web Worker (Vite bundles importer.worker.ts as its own file), with the
 * same code in chunks on the main thread where workers are missing (tests, very old browsers).
 * Excel workbooks are read by ./xlsx, loaded with a dynamic import only when the file is an .xlsx.
 */
import { readBytes } from '@/lib/read-bytes';
import { fileFormat, parseBytes, type FileFormat, type ParsedFile } from '@/lib/spreadsheet/parse';
import type { ColumnMapping } from './fields';
import { validateRows, type Progress, type Validation } from './validate';

export type { FileFormat, ParsedFile } from '@/lib/spreadsheet/parse';

export type WorkerRequest =
  | { type: 'parse'; buffer: ArrayBuffer; format: FileFormat }
  | { type: 'validate'; rows: string[][]; rowNumbers: number[]; mapping: ColumnMapping };

export type WorkerResponse =
  | { type: 'parsed'; result: ParsedFile }
  | { type: 'progress'; done: number; total: number }
  | { type: 'validated'; result: Validation }
  | { type: 'error'; message: string };

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./importer.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

function run<T>(request: WorkerRequest, worker: Worker, onProgress?: Progress): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
      const response = event.data;
      if (response.type === 'progress') onProgress?.(response.done, response.total);
      else {
        worker.terminate();
        if (response.type === 'error') reject(new Error(response.message));
        else resolve(response.result as T);
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'worker-failed'));
    };
    if (request.type === 'parse') worker.postMessage(request, [request.buffer]);
    else worker.postMessage(request);
  });
}

export async function parseFile(file: Blob): Promise<ParsedFile> {
  const buffer = await readBytes(file);
  const format = fileFormat(
    file instanceof File ? file.name : '',
    new Uint8Array(buffer, 0, Math.min(4, buffer.byteLength)),
  );
  const worker = startWorker();
  return worker ? run<ParsedFile>({ type: 'parse', buffer, format }, worker) : parseBytes(buffer, format);
}

export function validateInBackground(
  parsed: Pick<ParsedFile, 'rows' | 'rowNumbers'>,
  mapping: ColumnMapping,
  onProgress?: Progress,
): Promise<Validation> {
  const { rows, rowNumbers } = parsed;
  const worker = startWorker();
  return worker
    ? run<Validation>({ type: 'validate', rows, rowNumbers, mapping }, worker, onProgress)
    : validateRows(rows, mapping, { onProgress, rowNumbers });
}
