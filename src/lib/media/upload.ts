import { env } from '../env';
import { AppError } from '../errors';
import { auth, baseUrl } from '../supabase-auth';
import { abortError } from './abort';

/**
 * The video renditions' uploader until the media library's uploadObject (same file, same signature)
 * replaces it: XHR, because fetch reports no upload progress.
 */
export type UploadOptions = {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  contentType?: string;
  /** Replace an existing object (x-upsert): a resumed video processing run overwrites its renditions. */
  upsert?: boolean;
};

export async function uploadObject(path: string, blob: Blob, options: UploadOptions = {}): Promise<void> {
  options.signal?.throwIfAborted();
  const { data } = await auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new AppError('not-signed-in');
  const url = new URL(`storage/v1/object/organizations-media/${path}`, baseUrl).href;
  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('apikey', env.VITE_SUPABASE_ANON_KEY);
    request.setRequestHeader(
      'Content-Type',
      options.contentType ?? (blob.type || 'application/octet-stream'),
    );
    request.setRequestHeader('x-upsert', String(options.upsert ?? false));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    const abort = () => request.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    request.onloadend = () => {
      options.signal?.removeEventListener('abort', abort);
      if (options.signal?.aborted) reject(abortError(options.signal));
      else if (request.status >= 200 && request.status < 300) resolve();
      else if (request.status === 401) reject(new AppError('not-signed-in', { status: 401 }));
      else if (request.status === 403) reject(new AppError('forbidden', { status: 403 }));
      else reject(new AppError('media-upload-failed', { status: request.status || undefined }));
    };
    request.send(blob);
  });
}
