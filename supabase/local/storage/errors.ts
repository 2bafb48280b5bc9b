/**
 * Supabase Storage's error JSON: `{ statusCode: '404', code: 'NoSuchKey', error: 'not_found',
 * message: 'Object not found' }` with the matching HTTP status. storage-js reads `message` and
 * `statusCode`; the HTTP status becomes `error.status`.
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly error: string,
    message: string,
    /** Headers the answer carries besides the JSON ones (a 416's `Content-Range`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`),
  invalidBucketName: (name: string) =>
    new StorageError(400, 'InvalidBucketName', 'Invalid Input', `Bucket name invalid: ${name}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'Invalid Input', message),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'Unauthorized', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature', 'Invalid signature'),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  duplicate: () => new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists'),
  bucketExists: () =>
    new StorageError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () =>
    new StorageError(
      409,
      'InvalidRequest',
      'Bucket not empty',
      'The bucket you tried to delete is not empty',
    ),
  tooLarge: () =>
    new StorageError(
      413,
      'EntityTooLarge',
      'Payload too large',
      'The object exceeded the maximum allowed size',
    ),
  invalidMimeType: (type: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${type} is not supported`),
  /** storage-api's answer to a byte range past the end; `Content-Range` says how long the file is. */
  invalidRange: (size: number) =>
    new StorageError(416, 'InvalidRange', 'invalid_range', 'invalid range provided', {
      'Content-Range': `bytes */${size}`,
    }),
  notFoundRoute: () => new StorageError(404, 'NotFound', 'Not Found', 'Route not found'),
  internal: () => new StorageError(500, 'InternalError', 'Internal', 'Internal Server Error'),
};

/** Postgres errors raised by statements run as the caller (RLS, unique keys, bad values). */
export function fromDatabaseError(error: unknown): StorageError | null {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  if (code === '42501') return errors.accessDenied();
  if (code === '23505') return errors.duplicate();
  if (code === '23503') return errors.noSuchBucket();
  if (code.startsWith('22') || code.startsWith('23')) {
    return errors.invalidRequest(error instanceof Error ? error.message : 'Invalid input');
  }
  return null;
}

export function sendStorageError(res: ServerResponse, error: StorageError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(
    res,
    error.status,
    {
      statusCode: String(error.status),
      code: error.code,
      error: error.error,
      message: error.message,
    },
    error.headers,
  );
}
