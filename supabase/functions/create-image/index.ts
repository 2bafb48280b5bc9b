/** create-image on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { bearerToken, callerFromJwt } from '../_shared/auth.ts';
import { consoleLog } from '../_shared/http.ts';
import { MEDIA_BUCKET } from '../_shared/media-limits.ts';
import { errorOf, isOrganizationMember, serviceClient, supabaseEnv } from '../_shared/supabase.ts';
import { handleCreateImage, type CreateImageDeps } from './handler.ts';
import { imageProviderFromEnv } from './providers.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);
const images = imageProviderFromEnv(env);
consoleLog(
  images.name === 'unconfigured'
    ? 'create-image: NO image provider configured: set OPENAI_API_KEY (or IMAGES_PROVIDER=local on a test stack); every call answers 503 images-not-configured'
    : `create-image: image provider ${images.name}`,
);

const deps: CreateImageDeps = {
  async authenticate(request) {
    const jwt = bearerToken(request);
    return jwt ? await callerFromJwt(service, jwt) : null;
  },
  db: {
    isMember: (caller, organizationId) => isOrganizationMember(config, caller.jwt, organizationId),
    async claimGeneration(organizationId, userId) {
      const { data, error } = await service.rpc('claim_image_generation', {
        input_organization_id: organizationId,
        input_user_id: userId,
      });
      if (error?.message === 'image-rate-limited') {
        return { ok: false, retryAfterSeconds: Number(error.hint) || 3600 };
      }
      if (error) throw errorOf(error);
      return { ok: true, id: Number(data) };
    },
    async releaseGeneration(id) {
      const { error } = await service.rpc('release_image_generation', { input_id: id });
      if (error) throw errorOf(error);
    },
    async upload(path, png) {
      const { error } = await service.storage
        .from(MEDIA_BUCKET)
        .upload(path, new Blob([png as BlobPart], { type: 'image/png' }), { contentType: 'image/png' });
      if (error) throw errorOf(error);
    },
    async remove(path) {
      const { error } = await service.storage.from(MEDIA_BUCKET).remove([path]);
      if (error) throw errorOf(error);
    },
    async insert(row) {
      const { data, error } = await service.from('organizations_media').insert(row).select('*').single();
      if (error) throw errorOf(error);
      return data;
    },
  },
  images,
  log: consoleLog,
};

Deno.serve((request) => handleCreateImage(request, deps));
