import { useQueryClient } from '@tanstack/react-query';
import type { MediaRow } from '../types';
import { mediaKeys } from './keys';

/** Marks an item's organization lists and its usages stale, after any change to the item. */
export function useInvalidateMedia() {
  const queryClient = useQueryClient();
  return (row: Pick<MediaRow, 'organization_id' | 'id'>) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: mediaKeys.lists(row.organization_id) }),
      queryClient.invalidateQueries({ queryKey: mediaKeys.usages(row.id) }),
    ]);
}

/** After an upload the new item shows in every list of its organization. */
export function useMediaAdded() {
  return useInvalidateMedia();
}
