/**
 * What the public may upload to a campaign (campaign-upload), one number for the function and the
 * pages that check a file before sending it. The bucket and the table hold it too
 * (supabase/migrations/20261128160000_campaign_uploads.sql). Plain TypeScript, so both Deno and Vite read it.
 */
export const UPLOADS_BUCKET = 'campaign-uploads';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
