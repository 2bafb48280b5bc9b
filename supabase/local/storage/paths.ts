/**
 * Bucket ids and object names as Supabase Storage accepts them, and their place on disk. Every
 * name is checked here before any file-system call: no `..`/`.` segments, no empty segments, no
 * absolute paths, no backslashes, no control characters (NUL included).
 */
import path from 'node:path';
import { errors } from './errors.ts';

const BUCKET_NAME = /^[\w!.*'() &$@=;:+,?-]+$/;

export function checkBucketId(id: string): string {
  if (
    id.length === 0 ||
    id.length > 100 ||
    id.trim() !== id ||
    id === '.' ||
    id === '..' ||
    !BUCKET_NAME.test(id)
  ) {
    throw errors.invalidBucketName(id);
  }
  return id;
}

export function checkObjectName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f\u007f]/;
  if (
    name.length === 0 ||
    Buffer.byteLength(name) > 1024 ||
    control.test(name) ||
    name.includes('\\') ||
    name.startsWith('/') ||
    name.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw errors.invalidKey(name);
  }
  return name;
}

/** The file of `bucket/name` under `rootDir`; throws when it would leave the bucket's folder. */
export function objectFile(rootDir: string, bucket: string, name: string): string {
  const bucketDir = bucketFolder(rootDir, bucket);
  const file = path.resolve(bucketDir, ...checkObjectName(name).split('/'));
  if (!file.startsWith(bucketDir + path.sep)) throw errors.invalidKey(name);
  return file;
}

export function bucketFolder(rootDir: string, bucket: string): string {
  const root = path.resolve(rootDir);
  const dir = path.resolve(root, checkBucketId(bucket));
  if (!dir.startsWith(root + path.sep)) throw errors.invalidBucketName(bucket);
  return dir;
}

/** `1048576`, `'50MiB'`, `'1MB'`, `'10kb'` → bytes; null when absent. */
export function parseSize(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value);
  if (typeof value !== 'string')
    throw errors.invalidRequest('file_size_limit must be a number or a size string');
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmg]i?b|b)?\s*$/i.exec(value);
  if (!match?.[1]) throw errors.invalidRequest(`Invalid file size limit: ${value}`);
  const unit = (match[2] ?? 'b').toLowerCase();
  const factor: Record<string, number> = {
    b: 1,
    kb: 1000,
    kib: 1024,
    mb: 1000 ** 2,
    mib: 1024 ** 2,
    gb: 1000 ** 3,
    gib: 1024 ** 3,
  };
  return Math.floor(Number(match[1]) * (factor[unit] ?? 1));
}
