/**
 * POST /functions/v1/finish-upload `{ organizationId, mediaId, name?, durationSeconds? }` with the
 * caller's JWT (docs/media.md «What the server checks»). Every upload to the media library ends here:
 * the browser has put the files in `<organizationId>/<mediaId>/`, and this function reads their first
 * bytes and writes what the row says about them, so a row never claims what its files are not.
 *
 * - No row yet: a new item. Its files must be one `original.<ext>` whose bytes, extension and stored
 *   type agree and are within the limits, plus an image's `web` and `thumb` renditions. The row gets
 *   its type, paths, type, size and pixel size from the files, `name` from the input. 200 `{ media }`.
 * - A video row still processing: its renditions are done. `video.mp4`, `video.webm`, a poster and a
 *   thumbnail must be there and be what they say; the row gets their paths, the poster's size as the
 *   frame size, `durationSeconds` and `processing = false`. 200 `{ media }`.
 * - Any other row: 409 already-exists.
 *
 * Refusals: 401 not-signed-in, 400 invalid-input, 403 forbidden (not a member), 422 with the file's
 * problem (media-upload-failed: a file is missing; media-type-unsupported, media-type-mismatch,
 * media-too-large, media-too-many-pixels). A refused new item's files are removed; a refused video
 * keeps its original and loses only the renditions.
 */
import type { Caller } from '../_shared/auth.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, withCaller, type Log } from '../_shared/http.ts';
import { MAX_NAME_LENGTH, MAX_VIDEO_SECONDS } from '../_shared/media-limits.ts';
import { uuidSchema } from '../_shared/validation.ts';
import {
  checkNewItem,
  checkVideoRenditions,
  RENDITION_FILE_PATTERN,
  type StoredFile,
} from './check-files.ts';

/** What finish-upload needs to know of an existing row. */
export interface ItemState {
  type: 'image' | 'video';
  processing: boolean;
}

/** The columns a new item's row gets (the service role writes them). */
export interface NewMediaRow {
  id: string;
  organization_id: string;
  type: 'image' | 'video';
  name: string;
  storage_path: string;
  url: string | null;
  thumbnail_path: string | null;
  url_video: string | null;
  processing: boolean;
  mime_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  source: 'upload';
  created_by: string;
}

/** The columns a processing video gets when its renditions are checked. */
export interface VideoRenditionColumns {
  url_mp4: string;
  url_webm: string;
  url: string;
  thumbnail_path: string;
  width: number;
  height: number;
  /** Only when the browser measured it again; otherwise the upload's figure stays. */
  duration_seconds?: number;
}

export class RowExistsError extends Error {}

export interface FinishUploadDb<Row> {
  /** `is_organization_member` with the caller's JWT. */
  isMember(caller: Caller, organizationId: string): Promise<boolean>;
  /** Service role: the item's row in that organization, or null. */
  findItem(organizationId: string, mediaId: string): Promise<ItemState | null>;
  /**
   * Service role: takes the item's files over before they are read (begin_media_file_check): members
   * can no longer replace them, and a replacement under way has finished, so the bytes read are the
   * bytes that stay.
   */
  beginCheck(organizationId: string, mediaId: string): Promise<void>;
  /** Service role: the check is over; the row (or its absence) decides who writes the files again. */
  endCheck(mediaId: string): Promise<void>;
  /** Service role: the names (within the folder) and sizes of the folder's files, with their first bytes. */
  readFolder(folder: string): Promise<StoredFile[]>;
  /** Service role: removes files (full object paths). */
  remove(paths: string[]): Promise<void>;
  /** Service role: inserts the row; throws RowExistsError when the id is taken meanwhile. */
  insert(row: NewMediaRow): Promise<Row>;
  /** Service role: writes a processing video's renditions and clears `processing` and its claim. */
  finishVideo(mediaId: string, columns: VideoRenditionColumns): Promise<Row>;
}

export interface FinishUploadDeps<Row = unknown> {
  /** The user of the request's JWT, or null (401). */
  authenticate(request: Request): Promise<Caller | null>;
  db: FinishUploadDb<Row>;
  log?: Log;
}

const inputSchema = z.object({
  organizationId: uuidSchema,
  mediaId: uuidSchema,
  name: z.string().trim().min(1).max(MAX_NAME_LENGTH).optional(),
  // What the browser measured; a number beyond the limit is refused as the browser would.
  durationSeconds: z.number().finite().min(0).max(MAX_VIDEO_SECONDS).nullish(),
});

type Input = z.infer<typeof inputSchema>;

const roundedSeconds = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : Math.round(seconds * 1000) / 1000;

export function handleFinishUpload<Row>(request: Request, deps: FinishUploadDeps<Row>): Promise<Response> {
  return withCaller(request, deps, 'finish-upload', inputSchema, async (caller, input) => {
    if (!(await deps.db.isMember(caller, input.organizationId))) return errorResponse(403, 'forbidden');

    const item = await deps.db.findItem(input.organizationId, input.mediaId);
    if (item && !(item.type === 'video' && item.processing)) return errorResponse(409, 'already-exists');
    await deps.db.beginCheck(input.organizationId, input.mediaId);
    try {
      return item ? await finishVideo(input, deps.db) : await addItem(caller, input, deps.db);
    } finally {
      await deps.db.endCheck(input.mediaId);
    }
  });
}

async function addItem<Row>(caller: Caller, input: Input, db: FinishUploadDb<Row>): Promise<Response> {
  if (!input.name) return errorResponse(400, 'invalid-input');
  const folder = `${input.organizationId}/${input.mediaId}`;
  const path = (file: StoredFile) => `${folder}/${file.name}`;
  const files = await db.readFolder(folder);
  const checked = checkNewItem(files);
  if (!checked.ok) {
    await db.remove(files.map(path));
    return errorResponse(422, checked.code);
  }
  const found = checked.value;
  const common = {
    id: input.mediaId,
    organization_id: input.organizationId,
    name: input.name,
    storage_path: path(found.original),
    mime_type: found.mimeType,
    size_bytes: found.original.size,
    source: 'upload' as const,
    created_by: caller.id,
  };
  const row: NewMediaRow =
    found.type === 'image'
      ? {
          ...common,
          type: 'image',
          url: path(found.web ?? found.original),
          thumbnail_path: found.thumbnail ? path(found.thumbnail) : null,
          url_video: null,
          processing: false,
          width: found.width,
          height: found.height,
          duration_seconds: null,
        }
      : {
          ...common,
          type: 'video',
          url: null,
          thumbnail_path: null,
          url_video: path(found.original),
          processing: true,
          width: null,
          height: null,
          duration_seconds: roundedSeconds(input.durationSeconds),
        };
  try {
    return json(200, { media: await db.insert(row) });
  } catch (error) {
    // Two calls for one upload: the first wrote the row; these files are now its files.
    if (error instanceof RowExistsError) return errorResponse(409, 'already-exists');
    throw error;
  }
}

async function finishVideo<Row>(input: Input, db: FinishUploadDb<Row>): Promise<Response> {
  const folder = `${input.organizationId}/${input.mediaId}`;
  const path = (file: StoredFile) => `${folder}/${file.name}`;
  const files = await db.readFolder(folder);
  const checked = checkVideoRenditions(files);
  if (!checked.ok) {
    // The original stays, so the video can be tried again.
    await db.remove(files.filter((file) => RENDITION_FILE_PATTERN.test(file.name)).map(path));
    return errorResponse(422, checked.code);
  }
  const { mp4, webm, poster, thumbnail, width, height } = checked.value;
  const media = await db.finishVideo(input.mediaId, {
    url_mp4: path(mp4),
    url_webm: path(webm),
    url: path(poster),
    thumbnail_path: path(thumbnail),
    width,
    height,
    ...(typeof input.durationSeconds === 'number'
      ? { duration_seconds: roundedSeconds(input.durationSeconds)! }
      : {}),
  });
  return json(200, { media });
}
