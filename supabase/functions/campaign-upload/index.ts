/** campaign-upload on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { parseTrustedProxies } from '../_shared/client-ip.ts';
import { rpcOf } from '../_shared/database.ts';
import { consoleLog } from '../_shared/http.ts';
import { databaseRateLimiter } from '../_shared/rate-limit.ts';
import { errorOf, serviceClient, supabaseEnv } from '../_shared/supabase.ts';
import { type CampaignUploadDeps, handleCampaignUpload, UPLOADS_BUCKET } from './handler.ts';

const service = serviceClient(supabaseEnv(Deno.env));
const rpc = rpcOf(service);

const deps: CampaignUploadDeps = {
  db: {
    async begin({ campaignId, purpose, token, mime, bytes }) {
      const [row] = await rpc('begin_campaign_upload', {
        input_campaign_id: campaignId,
        input_purpose: purpose,
        input_token: token ?? '',
        input_mime: mime,
        input_bytes: bytes,
      });
      if (!row) throw new Error('begin_campaign_upload answered no row');
      return { uploadId: row.upload_id, objectPath: row.object_path };
    },
    async store(objectPath, body, mime) {
      const { error } = await service.storage
        .from(UPLOADS_BUCKET)
        .upload(objectPath, body, { contentType: mime, upsert: false });
      if (error) throw errorOf(error);
    },
    async forget(uploadId) {
      const { error } = await service.from('campaign_uploads').delete().eq('id', uploadId);
      if (error) throw errorOf(error);
    },
  },
  rateLimiter: databaseRateLimiter(service),
  trustedProxies: parseTrustedProxies(Deno.env.get('TRUSTED_PROXIES')),
  log: consoleLog,
};

Deno.serve((request) => handleCampaignUpload(request, deps));
