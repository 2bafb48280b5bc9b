import type { Tables } from '@/lib/database.types';

export const ORGANIZATION_ID = '22222222-2222-4222-8222-222222222222';
export const VIDEO_ID = '33333333-3333-4333-8333-333333333333';

/** A video row as the library inserts it: the original uploaded, renditions still to make. */
export function videoRow(
  overrides: Partial<Tables<'organizations_media'>> = {},
): Tables<'organizations_media'> {
  const storagePath = `${ORGANIZATION_ID}/${VIDEO_ID}/original.webm`;
  return {
    id: VIDEO_ID,
    organization_id: ORGANIZATION_ID,
    type: 'video',
    name: 'Sommerkampanje',
    alt_text: null,
    storage_path: storagePath,
    url_video: storagePath,
    url: null,
    url_mp4: null,
    url_webm: null,
    thumbnail_path: null,
    processing: true,
    mime_type: 'video/webm',
    size_bytes: 1_000,
    width: null,
    height: null,
    duration_seconds: null,
    source: 'upload',
    prompt: null,
    created_by: null,
    created_at: '2026-11-25T10:00:00Z',
    updated_at: '2026-11-25T10:00:00Z',
    ...overrides,
  };
}
