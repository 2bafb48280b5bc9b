import { env } from '../../env';
import { AppError } from '../../errors';
import { auth, baseUrl } from '../../supabase-auth';
import { MEDIA_BUCKET } from '../limits';

export type UploadOptions = {
  /** Called with the share of the bytes sent, 0–1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The object's type when the blob carries none (defaults to the blob's own). */
  contentType?: string;
  /**
   * Replace an existing object (x-upsert). Only for files derived from an original, such as a video's
   * renditions, whose re-run after an interrupted one must overwrite what it left.
   */
  upsert?: boolean;
};

/** An upload stopped by its signal: the queue shows «Avbrutt», not an error. */
export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function uploadError(status: number): AppError {
  if (status === 413) return new AppError('media-too-large', { status });
  if (status === 415) return new AppError('media-type-unsupported', { status });
  if (status === 401) return new AppError('not-signed-in', { status });
  if (status === 403) return new AppError('forbidden', { status });
  if (status === 409) return new AppError('already-exists', { status });
  return new AppError('media-upload-failed', { status });
}

/**
 * Sends one file to the bucket at `path`. XMLHttpRequest rather than storage-js' fetch, because
 * only XHR reports upload progress; it sends what storage-js would: the user's access token, the
 * file's type, and `x-upsert: false` (unless asked) so an upload never replaces another file.
 */
export async function uploadObject(path: string, blob: Blob, options: UploadOptions = {}): Promise<void> {
  const { onProgress, signal, contentType, upsert = false } = options;
  signal?.throwIfAborted();
  const { data } = await auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new AppError('not-signed-in');
  const encodedPath = path.split('/').map(encodeURIComponent).join('/');
  const url = new URL(`storage/v1/object/${MEDIA_BUCKET}/${encodedPath}`, baseUrl).href;

  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    request.open('POST', url);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('apikey', env.VITE_SUPABASE_ANON_KEY);
    request.setRequestHeader('Content-Type', contentType ?? (blob.type || 'application/octet-stream'));
    request.setRequestHeader('x-upsert', String(upsert));
    request.setRequestHeader('cache-control', 'max-age=3600');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      signal?.removeEventListener('abort', abort);
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve();
      } else {
        reject(uploadError(request.status));
      }
    };
    request.onerror = () => {
      signal?.removeEventListener('abort', abort);
      reject(new AppError('media-upload-failed'));
    };
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', abort, { once: true });
    request.send(blob);
  });
}
