import { useMutation } from '@tanstack/react-query';
import { AppError, toAppError } from '../../errors';
import { supabase } from '../../supabase';
import { MEDIA_BUCKET } from '../limits';
import { objectPathsOf, type MediaRow } from '../types';
import { useInvalidateMedia } from './invalidate-media';

/** Postgres' foreign-key violation: a media_usages row still points at the item. */
const STILL_REFERENCED = '23503';

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
