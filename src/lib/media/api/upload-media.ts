import { invokeFunction } from '../../api/invoke-function';
import { AppError } from '../../errors';
import { supabase } from '../../supabase';
import { checkMediaFile, checkVideoDuration, type CheckedFile } from '../check-file';
import { makeImageRenditions } from '../image-renditions';
import { MAX_NAME_LENGTH, MEDIA_BUCKET } from '../limits';
import type { MediaAccept, MediaRow } from '../types';
import { isAbort, uploadObject } from './upload-object';

export type UploadStage = 'checking' | 'preparing' | 'uploading';

export type UploadMediaOptions = {
  /** A picker for images refuses a video before sending anything. */
  accept?: MediaAccept;
  signal?: AbortSignal;
  /** Share of the bytes sent, 0–1, over every file of the item. */
  onProgress?: (fraction: number) => void;
  onStage?: (stage: UploadStage) => void;
};

/** The name an item starts with: the file's name without its ending. */
export function mediaNameOf(fileName: string): string {
  const name = fileName.replace(/\.[^.]+$/, '').trim() || fileName.trim() || 'Uten navn';
  return name.slice(0, MAX_NAME_LENGTH);
}

type PlannedObject = { path: string; blob: Blob };

/** Sends the objects one after the other; on any failure removes those already sent, so nothing is half stored. */
async function uploadAll(objects: PlannedObject[], options: UploadMediaOptions) {
  const total = objects.reduce((sum, object) => sum + object.blob.size, 0) || 1;
  let sent = 0;
  const done: string[] = [];
  try {
    for (const object of objects) {
      await uploadObject(object.path, object.blob, {
        signal: options.signal,
        onProgress: (fraction) => options.onProgress?.((sent + fraction * object.blob.size) / total),
      });
      sent += object.blob.size;
      done.push(object.path);
    }
  } catch (error) {
    await removeObjects(done);
    throw error;
  }
}

async function removeObjects(paths: string[]) {
  if (paths.length === 0) return;
  const storage = await supabase.storage();
  await storage.from(MEDIA_BUCKET).remove(paths);
}

/**
 * finish-upload reads the files' first bytes and writes the row from what it finds (the browser's
 * claims about the files are not taken). Its refusal (422) has removed the files and its 409 means
 * an earlier call wrote the row; after any other failure the files are removed here, so nothing is
 * half stored.
 */
async function finishUpload(
  organizationId: string,
  mediaId: string,
  { name, durationSeconds }: { name: string; durationSeconds: number | null },
  paths: string[],
): Promise<MediaRow> {
  try {
    const { media } = await invokeFunction<{ media: MediaRow }>('finish-upload', {
      organizationId,
      mediaId,
      name,
      ...(durationSeconds === null ? {} : { durationSeconds }),
    });
    return media;
  } catch (error) {
    const handled = error instanceof AppError && (error.status === 409 || error.status === 422);
    if (!handled) await removeObjects(paths);
    throw error;
  }
}

async function uploadImage(file: File, checked: CheckedFile, folder: string, options: UploadMediaOptions) {
  options.onStage?.('preparing');
  let renditions;
  try {
    renditions = await makeImageRenditions(file, checked.mime, options.signal);
  } catch (error) {
    if (isAbort(error)) throw error;
    // The header looked right but the browser cannot decode the picture: the file is not what it says.
    throw new AppError('media-type-mismatch', { cause: error });
  }
  const original = renditions.original ?? { blob: file, ext: checked.ext };
  const objects: PlannedObject[] = [
    { path: `${folder}/original.${original.ext}`, blob: original.blob },
    ...(renditions.web ? [{ path: `${folder}/web.${renditions.web.ext}`, blob: renditions.web.blob }] : []),
    { path: `${folder}/thumb.${renditions.thumbnail.ext}`, blob: renditions.thumbnail.blob },
  ];
  options.onStage?.('uploading');
  await uploadAll(objects, options);
  return { paths: objects.map((object) => object.path), durationSeconds: null };
}

async function uploadVideo(file: File, checked: CheckedFile, folder: string, options: UploadMediaOptions) {
  const durationSeconds = await checkVideoDuration(file);
  const path = `${folder}/original.${checked.ext}`;
  options.onStage?.('uploading');
  // The bucket stores the type the bytes say, not what the browser guessed from the name.
  await uploadAll([{ path, blob: new Blob([file], { type: checked.mime }) }], options);
  return { paths: [path], durationSeconds };
}

/**
 * One chosen file into the library: checked (../check-file.ts), its renditions made (images), its
 * files sent under `<organization>/<new id>/`, then finished through finish-upload, which checks the
 * stored bytes and writes the row; a row never points at a missing file and a refused or cancelled
 * file leaves nothing behind. A video comes back with `processing = true`; the caller starts its
 * renditions (./process-video.ts).
 */
export async function uploadMedia(
  file: File,
  organizationId: string,
  options: UploadMediaOptions = {},
): Promise<MediaRow> {
  options.onStage?.('checking');
  const checked = await checkMediaFile(file);
  if (options.accept && options.accept !== 'any' && options.accept !== checked.type) {
    throw new AppError('media-type-unsupported');
  }
  options.signal?.throwIfAborted();
  const id = crypto.randomUUID();
  const folder = `${organizationId}/${id}`;
  const { paths, durationSeconds } =
    checked.type === 'image'
      ? await uploadImage(file, checked, folder, options)
      : await uploadVideo(file, checked, folder, options);
  return finishUpload(organizationId, id, { name: mediaNameOf(file.name), durationSeconds }, paths);
}
