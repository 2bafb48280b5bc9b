/**
 * config.toml's `[storage.buckets.*]` on the embedded platform: the settings upserted and the files
 * under objects_path uploaded, as `supabase start` does — and the project's demo pictures (written
 * by `npm run seed:media`) are the local provider's drawings of their prompts, with rows that match.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FJORD_ROR, SEED_IMAGES, SEED_MEDIA_ROOT } from '../../../scripts/seed-media.ts';
import { drawLocalImage } from '../../functions/_shared/local-image.ts';
import { loadBucketConfigs } from '../config.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { seedBuckets } from './seed.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let platform: TestPlatform;
let rootDir: string;

beforeAll(async () => {
  platform = await startTestPlatform({ migrated: true });
  await prepareDatabase(platform.db, { projectRoot: PROJECT_ROOT });
  rootDir = await mkdtemp(path.join(os.tmpdir(), 'bucket-seed-'));
});

afterAll(async () => {
  await platform.stop();
  await rm(rootDir, { recursive: true, force: true });
});

describe('seedBuckets', () => {
  it('upserts the settings and uploads new or changed files only', async () => {
    const objects = path.join(rootDir, 'objects');
    await mkdir(path.join(objects, 'a', 'b'), { recursive: true });
    await writeFile(path.join(objects, 'a', 'b', 'one.png'), 'first');
    const bucket = { id: 'seed-test', public: true, fileSizeLimit: 1024, objectsPath: objects };
    const storage = path.join(rootDir, 'storage');

    expect(await seedBuckets(platform.db, storage, [bucket])).toEqual([
      { bucket: 'seed-test', uploaded: 1, unchanged: 0 },
    ]);
    const { rows } = await platform.db.query<{
      public: boolean;
      limit: string;
      mimetype: string;
      size: number;
    }>(
      `select b.public, b.file_size_limit::text as limit, o.metadata ->> 'mimetype' as mimetype,
              (o.metadata ->> 'size')::int as size
       from storage.buckets as b join storage.objects as o on o.bucket_id = b.id
       where b.id = 'seed-test' and o.name = 'a/b/one.png'`,
    );
    expect(rows).toEqual([{ public: true, limit: '1024', mimetype: 'image/png', size: 5 }]);
    expect(await readFile(path.join(storage, 'seed-test', 'a', 'b', 'one.png'), 'utf8')).toBe('first');

    expect(await seedBuckets(platform.db, storage, [bucket])).toEqual([
      { bucket: 'seed-test', uploaded: 0, unchanged: 1 },
    ]);
    await writeFile(path.join(objects, 'a', 'b', 'one.png'), 'second');
    expect(await seedBuckets(platform.db, storage, [{ ...bucket, public: undefined }])).toEqual([
      { bucket: 'seed-test', uploaded: 1, unchanged: 0 },
    ]);
    expect(await readFile(path.join(storage, 'seed-test', 'a', 'b', 'one.png'), 'utf8')).toBe('second');
    const kept = await platform.db.query<{ public: boolean }>(
      `select public from storage.buckets where id = 'seed-test'`,
    );
    expect(kept.rows).toEqual([{ public: true }]);
  });
});

describe('the demo pictures', () => {
  it('config.toml names the media bucket as its migration makes it, with the pictures folder', () => {
    const media = loadBucketConfigs(PROJECT_ROOT).find((bucket) => bucket.id === 'organizations-media');
    expect(media).toEqual({
      id: 'organizations-media',
      public: false,
      fileSizeLimit: 200 * 1024 * 1024,
      allowedMimeTypes: [
        'image/png',
        'image/jpeg',
        'image/webp',
        'image/gif',
        'video/mp4',
        'video/webm',
        'video/quicktime',
      ],
      objectsPath: path.join(PROJECT_ROOT, SEED_MEDIA_ROOT),
    });
  });

  it('are the local provider drawings of their prompts, stored where their rows point', async () => {
    const [media] = loadBucketConfigs(PROJECT_ROOT).filter((bucket) => bucket.id === 'organizations-media');
    const storage = path.join(rootDir, 'demo');
    const [report] = await seedBuckets(platform.db, storage, [media!]);
    expect(report).toEqual({ bucket: 'organizations-media', uploaded: SEED_IMAGES.length, unchanged: 0 });

    const { rows } = await platform.db.query<{
      id: string;
      storage_path: string;
      size_bytes: string;
      alt_text: string;
    }>(
      `select id, storage_path, size_bytes::text, alt_text from public.organizations_media
       where organization_id = $1 order by id`,
      [FJORD_ROR],
    );
    expect(rows.map((row) => row.id)).toEqual(SEED_IMAGES.map((image) => image.id));
    for (const image of SEED_IMAGES) {
      const row = rows.find((candidate) => candidate.id === image.id)!;
      const file = await readFile(path.join(storage, 'organizations-media', row.storage_path));
      expect(Buffer.from(await drawLocalImage(image.prompt, image.style)).equals(file), image.name).toBe(
        true,
      );
      expect(Number(row.size_bytes)).toBe(file.length);
      expect(row.alt_text).toBe(image.altText);
    }
  });
});
