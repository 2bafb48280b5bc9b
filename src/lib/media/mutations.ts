import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '../api/invoke-function';
import { AppError, toAppError, unwrap } from '../errors';
import { supabase } from '../supabase';
import { mediaKeys } from './keys';
import { MEDIA_BUCKET } from './limits';
import { objectPathsOf, present, type MediaRow } from './types';

/** Postgres' foreign-key violation: a media_usages row still points at the item. */
const STILL_REFERENCED = '23503';

function useInvalidateMedia() {
  const queryClient = useQueryClient();
  return (row: Pick<MediaRow, 'organization_id' | 'id'>) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: mediaKeys.lists(row.organization_id) }),
      queryClient.invalidateQueries({ queryKey: mediaKeys.usages(row.id) }),
    ]);
}

export type MediaDetails = { name: string; altText: string };

/**
 * Renames an item and sets its alt text. An update of these two columns, not an upsert of the
 * whole row: a video's processing writes the same row meanwhile, and a stale copy must not undo it.
 */
export function useUpdateMediaDetails() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: async ({ row, details }: { row: MediaRow; details: MediaDetails }) =>
      present(
        unwrap(
          await supabase
            .from('organizations_media')
            .update({ name: details.name.trim(), alt_text: details.altText.trim() || null })
            .eq('id', row.id)
            .select('*')
            .single(),
        ),
      ),
    onSuccess: (row) => invalidate(row),
  });
}

/**
 * Deletes an item: the row first, so an item still in use is refused (`media-in-use`) before any
 * file goes, then its files. RLS lets owners, admins and the member who added it delete; for
 * anyone else the delete matches no row, which is said as `forbidden`.
 */
export async function deleteMedia(row: MediaRow): Promise<void> {
  const { data, error } = await supabase.from('organizations_media').delete().eq('id', row.id).select('id');
  if (error) {
    if (error.code === STILL_REFERENCED) throw new AppError('media-in-use', { cause: error });
    throw toAppError(error);
  }
  if (!data || data.length === 0) throw new AppError('forbidden');
  const storage = await supabase.storage();
  // The row is gone, so a file left behind only costs space; the user is not told of it.
  await storage.from(MEDIA_BUCKET).remove(objectPathsOf(row));
}

export function useDeleteMedia() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: async (row: MediaRow) => {
      await deleteMedia(row);
      return row;
    },
    onSuccess: (row) => invalidate(row),
    onError: (_error, row) => invalidate(row),
  });
}

/**
 * Another try at a video whose renditions failed: the attempts start over, and the library picks
 * the video up again (./process-videos.ts).
 */
export function useRetryVideoProcessing() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: async (row: MediaRow) =>
      present(unwrap(await supabase.rpc('retry_video_processing', { input_media_id: row.id }))),
    onSuccess: (row) => invalidate(row),
  });
}

export type ImageStyle = 'vivid' | 'natural';
export type CreateImageInput = {
  organizationId: string;
  prompt: string;
  negatives?: string;
  style: ImageStyle;
};

/** Draws an image from a description (create-image) and returns its new media row. */
export function useCreateImage() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: async (input: CreateImageInput) => {
      const negatives = input.negatives?.trim();
      const { media } = await invokeFunction<{ media: MediaRow }>('create-image', {
        organizationId: input.organizationId,
        prompt: input.prompt.trim(),
        ...(negatives ? { negatives } : {}),
        style: input.style,
        images_count: 1,
      });
      return media;
    },
    onSuccess: (row) => invalidate(row),
  });
}

/** After an upload the new item shows in every list of its organization. */
export function useMediaAdded() {
  return useInvalidateMedia();
}
