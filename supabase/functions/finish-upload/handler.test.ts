import assert from 'node:assert/strict';
import { ftyp, gif, jpeg, png, webm, webpLossy } from '../../../tests/lib/media/fixtures.ts';
import type { Caller } from '../_shared/auth.ts';
import { errorCode, post } from '../_shared/testing.ts';
import { checkNewItem, checkVideoRenditions, type StoredFile } from './check-files.ts';
import {
  handleFinishUpload,
  RowExistsError,
  type FinishUploadDb,
  type ItemState,
  type NewMediaRow,
  type VideoRenditionColumns,
} from './handler.ts';

const URL_ = 'http://functions.test/finish-upload';
const ORG = '00000000-0000-4000-8000-00000000000a';
const OTHER_ORG = '00000000-0000-4000-8000-00000000000b';
const MEDIA_ID = '00000000-0000-4000-8000-0000000000e1';
const FOLDER = `${ORG}/${MEDIA_ID}`;
const USER: Caller = {
  id: '00000000-0000-4000-8000-0000000000f1',
  email: 'ola@fjordror.no',
  name: null,
  jwt: 'jwt',
};
const AUTH = { Authorization: 'Bearer jwt' };
const MiB = 1024 * 1024;

const file = (name: string, head: Uint8Array, mimeType: string | null, size = head.length): StoredFile => ({
  name,
  head,
  mimeType,
  size,
});

const pngImage = () => [
  file('original.png', png(4000, 3000), 'image/png', 2 * MiB),
  file('web.webp', webpLossy(2048, 1536), 'image/webp'),
  file('thumb.webp', webpLossy(480, 360), 'image/webp'),
];
const mp4Video = () => [file('original.mp4', ftyp('isom'), 'video/mp4', 50 * MiB)];
const renditions = () => [
  ...mp4Video(),
  file('video.mp4', ftyp('isom'), 'video/mp4', 3 * MiB),
  file('video.webm', webm(), 'video/webm', 2 * MiB),
  file('poster.webp', webpLossy(1280, 720), 'image/webp'),
  file('thumb.webp', webpLossy(480, 270), 'image/webp'),
];

type Row = NewMediaRow & { url_mp4?: string; url_webm?: string };

/** The bucket folder and the table in memory. */
class FakeDb implements FinishUploadDb<Row> {
  members = new Set([ORG]);
  files: StoredFile[] = [];
  rows = new Map<string, Row>();
  removed: string[] = [];
  insertRace = false;
  /** Every beginCheck and endCheck, in order. */
  checks: string[] = [];

  isMember(_caller: Caller, organizationId: string) {
    return Promise.resolve(this.members.has(organizationId));
  }
  findItem(organizationId: string, mediaId: string): Promise<ItemState | null> {
    const row = this.rows.get(mediaId);
    return Promise.resolve(row && row.organization_id === organizationId ? row : null);
  }
  beginCheck(organizationId: string, mediaId: string) {
    this.checks.push(`begin ${organizationId}/${mediaId}`);
    return Promise.resolve();
  }
  endCheck(mediaId: string) {
    this.checks.push(`end ${mediaId}`);
    return Promise.resolve();
  }
  readFolder(folder: string) {
    assert.equal(folder, FOLDER);
    // The files are read only once members can no longer replace them.
    assert.deepEqual(this.checks.at(-1), `begin ${FOLDER}`);
    return Promise.resolve(this.files);
  }
  remove(paths: string[]) {
    this.removed.push(...paths);
    this.files = this.files.filter((stored) => !paths.includes(`${FOLDER}/${stored.name}`));
    return Promise.resolve();
  }
  insert(row: NewMediaRow) {
    if (this.insertRace) return Promise.reject(new RowExistsError('duplicate key'));
    this.rows.set(row.id, row);
    return Promise.resolve(row);
  }
  finishVideo(mediaId: string, columns: VideoRenditionColumns) {
    const row = { ...this.rows.get(mediaId)!, ...columns, processing: false };
    this.rows.set(mediaId, row);
    return Promise.resolve(row);
  }
}

function setup(files: StoredFile[] = []) {
  const db = new FakeDb();
  db.files = files;
  const call = (body: unknown, headers: Record<string, string> = AUTH) =>
    handleFinishUpload(post(URL_, body, headers), {
      authenticate: (request) => Promise.resolve(request.headers.get('authorization') ? USER : null),
      db,
    });
  return { db, call };
}

const add = (extra: Record<string, unknown> = {}) => ({
  organizationId: ORG,
  mediaId: MEDIA_ID,
  name: 'Dør 1',
  ...extra,
});

Deno.test(
  'an image: the row takes type, size and pixels from the files, the name from the input',
  async () => {
    const { db, call } = setup(pngImage());
    const response = await call(add());
    assert.equal(response.status, 200);
    const { media } = (await response.json()) as { media: Row };
    assert.deepEqual(
      {
        type: media.type,
        name: media.name,
        storage_path: media.storage_path,
        url: media.url,
        thumbnail_path: media.thumbnail_path,
        mime_type: media.mime_type,
        size_bytes: media.size_bytes,
        width: media.width,
        height: media.height,
        processing: media.processing,
        created_by: media.created_by,
        source: media.source,
      },
      {
        type: 'image',
        name: 'Dør 1',
        storage_path: `${FOLDER}/original.png`,
        url: `${FOLDER}/web.webp`,
        thumbnail_path: `${FOLDER}/thumb.webp`,
        mime_type: 'image/png',
        size_bytes: 2 * MiB,
        width: 4000,
        height: 3000,
        processing: false,
        created_by: USER.id,
        source: 'upload',
      },
    );
    assert.deepEqual(db.removed, []);
  },
);

Deno.test('a GIF without renditions points url at the original', async () => {
  const { db, call } = setup([file('original.gif', gif(300, 200), 'image/gif')]);
  assert.equal((await call(add())).status, 200);
  const row = db.rows.get(MEDIA_ID)!;
  assert.equal(row.url, `${FOLDER}/original.gif`);
  assert.equal(row.thumbnail_path, null);
});

Deno.test('a video: processing, its duration as measured, nothing but the original yet', async () => {
  const { db, call } = setup(mp4Video());
  const response = await call(add({ durationSeconds: 12.34567 }));
  assert.equal(response.status, 200);
  const row = db.rows.get(MEDIA_ID)!;
  assert.deepEqual(
    [row.type, row.processing, row.url_video, row.mime_type, row.duration_seconds, row.url],
    ['video', true, `${FOLDER}/original.mp4`, 'video/mp4', 12.346, null],
  );
});

Deno.test('files that lie are refused and removed: bytes, extension, stored type', async () => {
  const cases: [string, StoredFile[], string][] = [
    [
      'HTML named .png',
      [file('original.png', new TextEncoder().encode('<html><script>'), 'image/png')],
      'media-type-unsupported',
    ],
    ['a JPEG named .png', [file('original.png', jpeg(100, 100), 'image/png')], 'media-type-mismatch'],
    [
      'a PNG stored as image/jpeg',
      [file('original.png', png(100, 100), 'image/jpeg')],
      'media-type-mismatch',
    ],
    [
      'a video beside an image',
      [...pngImage(), file('web.mp4', ftyp('isom'), 'video/mp4')],
      'media-type-mismatch',
    ],
    [
      'a web rendition that is a video',
      [file('original.png', png(10, 10), 'image/png'), file('web.mp4', ftyp('isom'), 'video/mp4')],
      'media-type-mismatch',
    ],
    [
      'a thumbnail larger than 480 px',
      [
        file('original.png', png(900, 900), 'image/png'),
        file('thumb.webp', webpLossy(900, 900), 'image/webp'),
      ],
      'media-type-mismatch',
    ],
    [
      'a header cut short',
      [file('original.png', png(10, 10).subarray(0, 12), 'image/png')],
      'media-type-mismatch',
    ],
    [
      'two originals',
      [file('original.png', png(10, 10), 'image/png'), file('original.gif', gif(10, 10), 'image/gif')],
      'media-type-mismatch',
    ],
    ['no original', [file('thumb.webp', webpLossy(10, 10), 'image/webp')], 'media-upload-failed'],
    ['nothing at all', [], 'media-upload-failed'],
  ];
  for (const [label, files, code] of cases) {
    const { db, call } = setup(files);
    const response = await call(add());
    assert.equal(response.status, 422, label);
    assert.equal(await errorCode(response), code, label);
    assert.equal(db.rows.size, 0, label);
    assert.deepEqual(db.files, [], `${label}: the files are gone`);
  }
});

Deno.test('limits: image bytes and pixels, video bytes', async () => {
  const cases: [StoredFile[], string][] = [
    [[file('original.png', png(100, 100), 'image/png', 10 * MiB + 1)], 'media-too-large'],
    [[file('original.png', png(8000, 5001), 'image/png')], 'media-too-many-pixels'],
    [[file('original.mp4', ftyp('isom'), 'video/mp4', 200 * MiB + 1)], 'media-too-large'],
  ];
  for (const [files, code] of cases) {
    const { call } = setup(files);
    assert.equal(await errorCode(await call(add())), code);
  }
  // Exactly at the limits is fine.
  const { call } = setup([file('original.png', png(8000, 5000), 'image/png', 10 * MiB)]);
  assert.equal((await call(add())).status, 200);
});

Deno.test(
  'a processing video finishes with its checked renditions; the poster gives the frame size',
  async () => {
    const { db, call } = setup(mp4Video());
    await call(add({ durationSeconds: 10 }));
    db.files = renditions();
    const response = await call({ organizationId: ORG, mediaId: MEDIA_ID, durationSeconds: 9.5 });
    assert.equal(response.status, 200);
    const row = db.rows.get(MEDIA_ID)!;
    assert.deepEqual(
      [
        row.processing,
        row.url_mp4,
        row.url_webm,
        row.url,
        row.thumbnail_path,
        row.width,
        row.height,
        row.duration_seconds,
      ],
      [
        false,
        `${FOLDER}/video.mp4`,
        `${FOLDER}/video.webm`,
        `${FOLDER}/poster.webp`,
        `${FOLDER}/thumb.webp`,
        1280,
        720,
        9.5,
      ],
    );
    // Finished: a second call has nothing to do.
    assert.equal(await errorCode(await call({ organizationId: ORG, mediaId: MEDIA_ID })), 'already-exists');
  },
);

Deno.test('a refused rendition removes the renditions and keeps the original', async () => {
  const { db, call } = setup(mp4Video());
  await call(add());
  db.files = renditions().map((stored) =>
    stored.name === 'video.webm' ? file('video.webm', ftyp('isom'), 'video/webm') : stored,
  );
  const response = await call({ organizationId: ORG, mediaId: MEDIA_ID });
  assert.equal(await errorCode(response), 'media-type-mismatch');
  assert.deepEqual(
    db.files.map((stored) => stored.name),
    ['original.mp4'],
  );
  assert.equal(db.rows.get(MEDIA_ID)!.processing, true);
});

Deno.test('missing renditions: media-upload-failed', async () => {
  const { db, call } = setup(mp4Video());
  await call(add());
  db.files = renditions().filter((stored) => stored.name !== 'poster.webp');
  assert.equal(
    await errorCode(await call({ organizationId: ORG, mediaId: MEDIA_ID })),
    'media-upload-failed',
  );
});

Deno.test('an image row that exists already is not rewritten; a race for the insert is 409', async () => {
  const { call } = setup(pngImage());
  assert.equal((await call(add())).status, 200);
  assert.equal(await errorCode(await call(add())), 'already-exists');
  const racing = setup(pngImage());
  racing.db.insertRace = true;
  const response = await racing.call(add());
  assert.equal(await errorCode(response), 'already-exists');
  assert.equal(racing.db.files.length, 3, 'the files stay: they are the winning row’s');
});

Deno.test('the files are taken over while checked, and handed back whatever the outcome', async () => {
  const taken = [`begin ${FOLDER}`, `end ${MEDIA_ID}`];
  const added = setup(pngImage());
  assert.equal((await added.call(add())).status, 200);
  assert.deepEqual(added.db.checks, taken, 'added');

  const refused = setup([file('original.png', new TextEncoder().encode('<html>'), 'image/png')]);
  assert.equal((await refused.call(add())).status, 422);
  assert.deepEqual(refused.db.checks, taken, 'refused');

  const failing = setup(pngImage());
  failing.db.insert = () => Promise.reject(new Error('database down'));
  assert.equal((await failing.call(add())).status, 500);
  assert.deepEqual(failing.db.checks, taken, 'failed');

  const video = setup(mp4Video());
  await video.call(add());
  video.db.files = renditions();
  assert.equal((await video.call({ organizationId: ORG, mediaId: MEDIA_ID })).status, 200);
  assert.deepEqual(video.db.checks, [...taken, ...taken], 'a video and its renditions');

  // A finished item is not checked again: its files are already out of members' reach.
  assert.equal(await errorCode(await added.call(add())), 'already-exists');
  assert.deepEqual(added.db.checks, taken, 'already exists');
});

Deno.test('who and what: 401, 403 for another organization, 400 for bad input, 405', async () => {
  const { db, call } = setup(pngImage());
  assert.equal((await call(add(), {})).status, 401);
  const forbidden = await call(add({ organizationId: OTHER_ORG }));
  assert.equal(forbidden.status, 403);
  assert.equal(await errorCode(forbidden), 'forbidden');
  for (const body of [
    add({ mediaId: 'x' }),
    add({ name: '   ' }),
    add({ name: 'n'.repeat(201) }),
    add({ name: undefined }),
    add({ durationSeconds: 601 }),
    add({ durationSeconds: -1 }),
    '[1]',
    'not json',
  ]) {
    const response = await call(body);
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.equal(await errorCode(response), 'invalid-input');
  }
  assert.equal(db.rows.size, 0);
  assert.equal(db.files.length, 3, 'a refused call touches no files');
  const get = await handleFinishUpload(new Request(URL_), { authenticate: () => Promise.resolve(USER), db });
  assert.equal(get.status, 405);
});

Deno.test('the file rules on their own: names, sizes and agreeing types', () => {
  assert.equal(checkNewItem([file('original.jpg', jpeg(640, 480), 'image/jpeg')]).ok, true);
  assert.equal(checkNewItem([file('original.jpeg', jpeg(640, 480), 'image/jpeg')]).ok, false);
  assert.equal(checkNewItem([file('original.mov', ftyp('qt  '), 'video/quicktime')]).ok, true);
  assert.equal(checkNewItem([file('original.mp4', ftyp('qt  '), 'video/mp4')]).ok, false);
  const jpegPoster = renditions().map((stored) =>
    stored.name === 'poster.webp' ? file('poster.jpg', jpeg(1280, 720), 'image/jpeg') : stored,
  );
  assert.equal(checkVideoRenditions(jpegPoster).ok, true);
  const hugePoster = renditions().map((stored) =>
    stored.name === 'poster.webp' ? file('poster.webp', webpLossy(1920, 1080), 'image/webp') : stored,
  );
  assert.deepEqual(checkVideoRenditions(hugePoster), { ok: false, code: 'media-type-mismatch' });
  const quicktimeAsMp4 = renditions().map((stored) =>
    stored.name === 'video.mp4' ? file('video.mp4', ftyp('qt  '), 'video/mp4') : stored,
  );
  assert.equal(checkVideoRenditions(quicktimeAsMp4).ok, false);
});
