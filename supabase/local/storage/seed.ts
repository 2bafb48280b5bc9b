/**
 * The buckets of config.toml `[storage.buckets.<id>]`, as `supabase start` and `supabase db reset`
 * make them: the bucket's settings upserted, then every file under its `objects_path` uploaded under
 * its relative path (docs/media.md «Demo seed»). Run by the embedded platform on every start; a file
 * already stored with the same content is left alone, so a start costs a few reads.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BucketConfig } from '../config.ts';
import type { Db } from '../contracts.ts';
import { objectMetadata, writeObjectFile } from './index.ts';
import { checkBucketId, checkObjectName, objectFile } from './paths.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.json': 'application/json',
  '.txt': 'text/plain',
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

export interface BucketSeedReport {
  bucket: string;
  uploaded: number;
  unchanged: number;
}

export async function seedBuckets(
  db: Db,
  rootDir: string,
  buckets: BucketConfig[],
): Promise<BucketSeedReport[]> {
  const reports: BucketSeedReport[] = [];
  for (const bucket of buckets) {
    checkBucketId(bucket.id);
    await db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, coalesce($2, false), $3, $4)
       on conflict (id) do update set
         public = coalesce($2, storage.buckets.public),
         file_size_limit = coalesce($3, storage.buckets.file_size_limit),
         allowed_mime_types = coalesce($4, storage.buckets.allowed_mime_types),
         updated_at = now()`,
      [bucket.id, bucket.public ?? null, bucket.fileSizeLimit ?? null, bucket.allowedMimeTypes ?? null],
    );
    const report = { bucket: bucket.id, uploaded: 0, unchanged: 0 };
    reports.push(report);
    if (!bucket.objectsPath) continue;
    for (const source of await filesUnder(bucket.objectsPath)) {
      const name = checkObjectName(path.relative(bucket.objectsPath, source).split(path.sep).join('/'));
      const data = await readFile(source);
      const eTag = `"${createHash('md5').update(data).digest('hex')}"`;
      const file = objectFile(rootDir, bucket.id, name);
      const { rows } = await db.query<{ etag: string | null }>(
        `select metadata ->> 'eTag' as etag from storage.objects where bucket_id = $1 and name = $2`,
        [bucket.id, name],
      );
      const stored = await stat(file).catch(() => null);
      if (rows[0]?.etag === eTag && stored?.size === data.length) {
        report.unchanged++;
        continue;
      }
      const contentType = CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
      await writeObjectFile(file, data);
      await db.query(
        `insert into storage.objects (bucket_id, name, version, metadata)
         values ($1, $2, gen_random_uuid()::text, $3::jsonb)
         on conflict (bucket_id, name) do update set
           metadata = excluded.metadata, version = excluded.version, updated_at = now()`,
        [bucket.id, name, JSON.stringify(objectMetadata(data, contentType, 'max-age=3600'))],
      );
      report.uploaded++;
    }
  }
  return reports;
}
