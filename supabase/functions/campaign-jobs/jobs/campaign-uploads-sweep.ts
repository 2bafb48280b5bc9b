/**
 * Removes the public's uploads nobody claimed within a day, and every file of the campaign-uploads
 * bucket whose upload is gone (an erased person's, a deleted entry's): the database answers the
 * paths (campaign_upload_sweep), the storage API removes the files. A file that fails to go is found
 * again by the next run, as its row is gone.
 */
import type { Job } from '../job.ts';

export const UPLOADS_BUCKET = 'campaign-uploads';
/** Paths per run and per storage call. */
export const BATCH = 500;

export const campaignUploadsSweep: Job = {
  name: 'campaign-uploads-sweep',
  async run(deps) {
    const paths = await deps.rpc('campaign_upload_sweep', { input_limit: BATCH });
    if (paths.length > 0) await deps.removeFiles(UPLOADS_BUCKET, paths);
    return { removed: paths.length };
  },
};
