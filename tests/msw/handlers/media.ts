import { delay, http, HttpResponse } from 'msw';
import type { Tables, TablesInsert } from '@/lib/database.types';
import { SUPABASE } from '../../support/session';
import { record, type Recorded } from '../rest';

type MediaRow = Tables<'organizations_media'>;
type Usage = Pick<Tables<'media_usages'>, 'kind' | 'label' | 'ref_id'>;

/**
 * The media library's backend: organizations_media rows in `state.rows` (filtered the way PostgREST
 * would for the library's list), media_usages by media id, signed links, uploads and deletes in
 * the bucket (objects in `state.objects`). Every write is recorded in `state.requests`.
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
    http.post(`${SUPABASE}/rest/v1/organizations_media`, async ({ request }) => {
      await record(state.requests, request);
      const body = (await request.json()) as TablesInsert<'organizations_media'>;
      const row: MediaRow = {
        alt_text: null,
        created_at: '2026-11-25T10:00:00Z',
        updated_at: '2026-11-25T10:00:00Z',
        created_by: null,
        duration_seconds: null,
        height: null,
        width: null,
        processing: false,
        prompt: null,
        source: 'upload',
        thumbnail_path: null,
        url: null,
        url_mp4: null,
        url_video: null,
        url_webm: null,
        ...body,
        id: body.id ?? crypto.randomUUID(),
      };
      state.rows.unshift(row);
      return HttpResponse.json(row, { status: 201 });
    }),
    http.patch(`${SUPABASE}/rest/v1/organizations_media`, async ({ request }) => {
      await record(state.requests, request);
      const id = idOf(new URL(request.url));
      const change = (await request.json()) as Partial<MediaRow>;
      const index = state.rows.findIndex((row) => row.id === id);
      const current = state.rows[index];
      if (!current) return HttpResponse.json({ code: 'PGRST116', message: 'no rows' }, { status: 406 });
      const updated = { ...current, ...change };
      state.rows[index] = updated;
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
    http.post(`${SUPABASE}/storage/v1/object/sign/organizations-media`, async ({ request }) => {
      const { paths } = (await request.json()) as { paths: string[] };
      return HttpResponse.json(
        paths.map((path) => ({
          path,
          signedURL: `/object/sign/organizations-media/${path}?token=t`,
          error: null,
        })),
      );
    }),
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
