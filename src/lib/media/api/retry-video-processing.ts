import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { present, type MediaRow } from '../types';
import { useInvalidateMedia } from './invalidate-media';

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
