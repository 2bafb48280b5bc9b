import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { present, type MediaRow } from '../types';
import { useInvalidateMedia } from './invalidate-media';

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
