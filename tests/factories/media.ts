import type { Tables } from '@/lib/database.types';
import { ORG } from '../support/ids';
import { USER_ID } from '../support/session';

type MediaRow = Tables<'organizations_media'>;

let counter = 0;

/** An image of Fjordbygg AS with its renditions and alt text; override what a test is about. */
export function mediaRow(overrides: Partial<MediaRow> = {}): MediaRow {
  counter += 1;
  const id = overrides.id ?? `dddddddd-dddd-4ddd-8ddd-${String(counter).padStart(12, '0')}`;
  const folder = `${ORG}/${id}`;
  return {
    id,
    organization_id: ORG,
    type: 'image',
    name: `Bilde ${counter}`,
    alt_text: 'Rørlegger foran en varmtvannsbereder',
    storage_path: `${folder}/original.webp`,
    url: `${folder}/web.webp`,
    thumbnail_path: `${folder}/thumb.webp`,
    mime_type: 'image/webp',
    size_bytes: 250_000,
    width: 1600,
    height: 1200,
    duration_seconds: null,
    processing: false,
    processing_attempts: 0,
    processing_claimed_until: null,
    processing_failed_at: null,
    url_mp4: null,
    url_webm: null,
    url_video: null,
    source: 'upload',
    prompt: null,
    created_by: USER_ID,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}
