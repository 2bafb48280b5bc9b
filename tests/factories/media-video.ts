import type { Tables } from '@/lib/database.types';
import { ORG } from '../support/ids';
import { mediaRow } from './media';

export const ORGANIZATION_ID = ORG;
export const VIDEO_ID = '33333333-3333-4333-8333-333333333333';

/** A video row as the library inserts it: the original uploaded, renditions still to make. */
export function videoRow(
  overrides: Partial<Tables<'organizations_media'>> = {},
): Tables<'organizations_media'> {
  const original = `${ORG}/${VIDEO_ID}/original.webm`;
  return mediaRow({
    id: VIDEO_ID,
    type: 'video',
    name: 'Sommerkampanje',
    alt_text: null,
    storage_path: original,
    url_video: original,
    url: null,
    thumbnail_path: null,
    mime_type: 'video/webm',
    size_bytes: 1_000,
    width: null,
    height: null,
    processing: true,
    ...overrides,
  });
}
