import { delay, http, HttpResponse } from 'msw';
import type { Tables } from '@/lib/database.types';
import { mediaRow } from '../../factories/media';
import { SUPABASE } from '../../support/session';
import { record, type Recorded } from '../rest';

type MediaRow = Tables<'organizations_media'>;
type Usage = Pick<Tables<'media_usages'>, 'kind' | 'label' | 'ref_id'>;

/**
 * The media library's backend: organizations_media rows in `state.rows` (filtered the way PostgREST
 * would for the library's list), media_usages by media id, signed links, uploads and deletes in
 * the bucket (objects in `state.objects`), finish-upload (the row from the files in the item's
 * folder) and the video claim. Every write is recorded in `state.requests`.
 */
export type MediaState = {
  rows: MediaRow[];
  usages: Record<string, Usage[]>;
  objects: Set<string>;
  requests: Recorded[];
  /** Holds uploads until a test lets them go (to cancel one mid-way). */
  holdUploads?: boolean;
};

export const newMediaState = (rows: MediaRow[] = []): MediaState => ({
  rows,
  usages: {},
  objects: new Set(),
  requests: [],
});

/** `name.ilike.*x*,alt_text.ilike.*x*` → x */
function searchOf(url: URL): string | null {
  const or = url.searchParams.get('or');
  const match = or ? /name\.ilike\.\*([^*]*)\*/.exec(or) : null;
  return match?.[1]?.toLowerCase() ?? null;
}

type FinishUploadBody = {
  organizationId: string;
  mediaId: string;
  name?: string;
  durationSeconds?: number | null;
};

const MIME_OF: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

const fileNamed = (files: string[], base: string) =>
  files.find((path) => path.split('/').at(-1)?.startsWith(`${base}.`)) ?? null;

/** What finish-upload writes for a new item: the row from the files found in its folder. */
function newRow(body: FinishUploadBody, files: string[]): MediaRow | null {
  const original = fileNamed(files, 'original');
  if (!original) return null;
  const mime = MIME_OF[original.split('.').at(-1) ?? ''] ?? 'image/webp';
  const video = mime.startsWith('video/');
  return mediaRow({
    id: body.mediaId,
    organization_id: body.organizationId,
    name: body.name ?? 'Uten navn',
    alt_text: null,
    type: video ? 'video' : 'image',
    storage_path: original,
    url: video ? null : (fileNamed(files, 'web') ?? original),
    thumbnail_path: video ? null : fileNamed(files, 'thumb'),
    url_video: video ? original : null,
    processing: video,
    mime_type: mime,
    duration_seconds: body.durationSeconds ?? null,
    width: video ? null : 1200,
    height: video ? null : 800,
  });
}

/** Storage's `createSignedUrls` for a bucket: every path signed, with a test token. */
export const signedUrlsHandler = (bucket: string) =>
  http.post(`${SUPABASE}/storage/v1/object/sign/${bucket}`, async ({ request }) => {
    const { paths } = (await request.json()) as { paths: string[] };
    return HttpResponse.json(
      paths.map((path) => ({ path, signedURL: `/object/sign/${bucket}/${path}?token=t`, error: null })),
    );
  });

/** What finish-upload writes when a processing video's renditions are there. */
function finishedVideo(row: MediaRow, files: string[]): MediaRow | null {
  const mp4 = files.find((path) => path.endsWith('/video.mp4'));
  const webm = files.find((path) => path.endsWith('/video.webm'));
  const poster = fileNamed(files, 'poster');
  if (!row.processing || !mp4 || !webm || !poster) return null;
  return {
    ...row,
    url_mp4: mp4,
    url_webm: webm,
    url: poster,
    thumbnail_path: fileNamed(files, 'thumb'),
    processing: false,
    processing_claimed_until: null,
  };
}

function update(state: MediaState, id: string, change: Partial<MediaRow>): MediaRow | null {
  const index = state.rows.findIndex((row) => row.id === id);
  const current = state.rows[index];
  if (!current) return null;
  const updated = { ...current, ...change };
  state.rows[index] = updated;
  return updated;
}

const idOf = (url: URL) => url.searchParams.get('id')?.replace(/^eq\./, '') ?? '';

export function mediaHandlers(state: MediaState) {
  return [
    http.get(`${SUPABASE}/rest/v1/organizations_media`, ({ request }) => {
      const url = new URL(request.url);
      const type = url.searchParams.get('type')?.replace(/^eq\./, '');
      const search = searchOf(url);
      const rows = state.rows.filter(
        (row) =>
          (!type || row.type === type) &&
          (!search ||
            row.name.toLowerCase().includes(search) ||
            (row.alt_text ?? '').toLowerCase().includes(search)),
      );
      return HttpResponse.json(rows);
    }),
    http.post(`${SUPABASE}/functions/v1/finish-upload`, async ({ request }) => {
      await record(state.requests, request);
      const body = (await request.clone().json()) as FinishUploadBody;
      const folder = `${body.organizationId}/${body.mediaId}/`;
      const files = [...state.objects].filter((path) => path.startsWith(folder));
      const existing = state.rows.find((row) => row.id === body.mediaId);
      const row = existing ? finishedVideo(existing, files) : newRow(body, files);
      if (!row) return HttpResponse.json({ error: { code: 'media-upload-failed' } }, { status: 422 });
      state.rows = [row, ...state.rows.filter((other) => other.id !== row.id)];
      return HttpResponse.json({ media: row });
    }),
    http.post(`${SUPABASE}/rest/v1/rpc/claim_video_processing`, async ({ request }) => {
      await record(state.requests, request);
      const { input_media_id } = (await request.clone().json()) as { input_media_id: string };
      const row = state.rows.find((item) => item.id === input_media_id);
      const claimed = Boolean(row?.processing && !row.processing_failed_at && !row.processing_claimed_until);
      if (row && claimed) update(state, row.id, { processing_claimed_until: '2099-01-01T00:00:00Z' });
      return HttpResponse.json(claimed);
    }),
    http.post(`${SUPABASE}/rest/v1/rpc/release_video_processing`, async ({ request }) => {
      await record(state.requests, request);
      const { input_media_id } = (await request.clone().json()) as { input_media_id: string };
      return HttpResponse.json(update(state, input_media_id, { processing_claimed_until: null }));
    }),
    http.post(`${SUPABASE}/rest/v1/rpc/retry_video_processing`, async ({ request }) => {
      await record(state.requests, request);
      const { input_media_id } = (await request.clone().json()) as { input_media_id: string };
      return HttpResponse.json(
        update(state, input_media_id, { processing_failed_at: null, processing_attempts: 0 }),
      );
    }),
    http.patch(`${SUPABASE}/rest/v1/organizations_media`, async ({ request }) => {
      await record(state.requests, request);
      const id = idOf(new URL(request.url));
      const updated = update(state, id, (await request.json()) as Partial<MediaRow>);
      if (!updated) return HttpResponse.json({ code: 'PGRST116', message: 'no rows' }, { status: 406 });
      return HttpResponse.json(updated);
    }),
    http.delete(`${SUPABASE}/rest/v1/organizations_media`, async ({ request }) => {
      await record(state.requests, request);
      const id = idOf(new URL(request.url));
      if ((state.usages[id]?.length ?? 0) > 0) {
        return HttpResponse.json(
          {
            code: '23503',
            message: 'update or delete on table "organizations_media" violates foreign key constraint',
          },
          { status: 409 },
        );
      }
      const deleted = state.rows.filter((row) => row.id === id);
      state.rows = state.rows.filter((row) => row.id !== id);
      return HttpResponse.json(deleted.map((row) => ({ id: row.id })));
    }),
    http.get(`${SUPABASE}/rest/v1/media_usages`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('media_id')?.replace(/^eq\./, '') ?? '';
      return HttpResponse.json(state.usages[id] ?? []);
    }),
    signedUrlsHandler('organizations-media'),
    http.post(`${SUPABASE}/storage/v1/object/sign/organizations-media/*`, ({ request }) => {
      const path = new URL(request.url).pathname.replace('/storage/v1/object/sign/organizations-media/', '');
      return HttpResponse.json({ signedURL: `/object/sign/organizations-media/${path}?token=week` });
    }),
    http.post(`${SUPABASE}/storage/v1/object/organizations-media/*`, async ({ request }) => {
      await record(state.requests, request);
      if (state.holdUploads) await delay('infinite');
      const path = decodeURIComponent(
        new URL(request.url).pathname.replace('/storage/v1/object/organizations-media/', ''),
      );
      state.objects.add(path);
      return HttpResponse.json({ Key: `organizations-media/${path}` });
    }),
    http.delete(`${SUPABASE}/storage/v1/object/organizations-media`, async ({ request }) => {
      await record(state.requests, request);
      const { prefixes } = (await request.json()) as { prefixes: string[] };
      for (const path of prefixes) state.objects.delete(path);
      return HttpResponse.json(prefixes.map((name) => ({ name })));
    }),
  ];
}
