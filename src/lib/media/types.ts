import type { Tables } from '../database.types';
import { AppError } from '../errors';

export type MediaRow = Tables<'organizations_media'>;
export type MediaUsage = Pick<Tables<'media_usages'>, 'kind' | 'label' | 'ref_id'>;

/** What a media list shows: a kind of media, and words in the name or alt text. */
export type MediaTypeFilter = 'all' | 'image' | 'video';
export type MediaListFilter = { type: MediaTypeFilter; search: string };

/** Which kinds of media a picker offers. */
export type MediaAccept = 'image' | 'video' | 'any';

/** The path a grid or picker shows for an item: its thumbnail, else its web file (AI images, posters). */
export const previewPathOf = (row: MediaRow) => row.thumbnail_path ?? row.url;

/** What an editor shows of an item it uses (a door's picture, a team's photo): read by these columns. */
export type MediaSummary = Pick<MediaRow, 'id' | 'name' | 'type' | 'alt_text' | 'url' | 'thumbnail_path'>;
export const MEDIA_SUMMARY_COLUMNS = 'id, name, type, alt_text, url, thumbnail_path';

/** A picked item as an editor keeps it (its web file, else its preview, as the link to show). */
export const summaryOf = (row: MediaRow): MediaSummary => ({
  id: row.id,
  name: row.name,
  type: row.type,
  alt_text: row.alt_text,
  url: row.url ?? previewPathOf(row),
  thumbnail_path: row.thumbnail_path,
});

/** A video whose renditions failed on every attempt: shown as failed until a member tries again. */
export const videoFailed = (row: Pick<MediaRow, 'type' | 'processing' | 'processing_failed_at'>) =>
  row.type === 'video' && row.processing && row.processing_failed_at !== null;

/** A video still waiting for its renditions (being made, or to be made on the next visit). */
export const awaitingRenditions = (row: Pick<MediaRow, 'type' | 'processing' | 'processing_failed_at'>) =>
  row.processing && !videoFailed(row);

/** An image without alt text may not go on a public page; the UI marks it «Mangler alt-tekst». */
export const lacksAltText = (row: MediaRow) => row.type === 'image' && !row.alt_text?.trim();

/** Every object of an item in the bucket, once each (they all sit under `<organization>/<id>/`). */
export const objectPathsOf = (row: MediaRow) => [
  ...new Set(
    [row.storage_path, row.url, row.url_mp4, row.url_webm, row.url_video, row.thumbnail_path].filter(
      (path): path is string => Boolean(path),
    ),
  ),
];

/** An answer PostgREST promised (a `.single()` that succeeded, a list): its `null` only types a failure. */
export function present<T>(value: T): NonNullable<T> {
  if (value === null || value === undefined) throw new AppError('unknown');
  return value;
}
