/** finish-upload on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { bearerToken, callerFromJwt } from '../_shared/auth.ts';
import { rpcOf } from '../_shared/database.ts';
import { consoleLog } from '../_shared/http.ts';
import { MEDIA_BUCKET } from '../_shared/media-limits.ts';
import { SNIFF_BYTES } from '../_shared/media-sniff.ts';
import { errorOf, isOrganizationMember, serviceClient, supabaseEnv } from '../_shared/supabase.ts';
import type { StoredFile } from './check-files.ts';
import { handleFinishUpload, RowExistsError, type FinishUploadDeps } from './handler.ts';

const config = supabaseEnv(Deno.env);
const service = serviceClient(config);
const rpc = rpcOf(service);

/** Postgres' unique violation: the row was written by an earlier call for the same upload. */
const UNIQUE_VIOLATION = '23505';
/** An item folder holds a handful of files; more than this is not an upload of ours. */
const FOLDER_LIMIT = 20;

/**
 * The first `SNIFF_BYTES` of a stored object: a ranged request (storage answers 206), and reading
 * stops there even if the whole file comes back, so a 200 MiB video costs 256 KiB.
 */
async function readHead(path: string): Promise<Uint8Array> {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  const response = await fetch(`${config.url}/storage/v1/object/authenticated/${MEDIA_BUCKET}/${encoded}`, {
    headers: {
      Authorization: `Bearer ${config.serviceRoleKey}`,
      apikey: config.serviceRoleKey,
      Range: `bytes=0-${SNIFF_BYTES - 1}`,
    },
  });
  // 416: the range starts past the end, i.e. the file is empty (and will be judged as no media).
  if (response.status === 416) return new Uint8Array();
  if (!response.ok || !response.body) throw new Error(`storage answered ${response.status} for ${path}`);
  const head = new Uint8Array(SNIFF_BYTES);
  let length = 0;
  const reader = response.body.getReader();
  try {
    while (length < SNIFF_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      const take = value.subarray(0, SNIFF_BYTES - length);
      head.set(take, length);
      length += take.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return head.subarray(0, length);
}

const deps: FinishUploadDeps = {
  async authenticate(request) {
    const jwt = bearerToken(request);
    return jwt ? await callerFromJwt(service, jwt) : null;
  },
  db: {
    isMember: (caller, organizationId) => isOrganizationMember(config, caller.jwt, organizationId),
    async findItem(organizationId, mediaId) {
      const { data, error } = await service
        .from('organizations_media')
        .select('type, processing')
        .eq('id', mediaId)
        .eq('organization_id', organizationId)
        .maybeSingle();
      if (error) throw errorOf(error);
      return data;
    },
    async beginCheck(organizationId, mediaId) {
      await rpc('begin_media_file_check', { input_organization_id: organizationId, input_media_id: mediaId });
    },
    async endCheck(mediaId) {
      await rpc('end_media_file_check', { input_media_id: mediaId });
    },
    async readFolder(folder) {
      const { data, error } = await service.storage.from(MEDIA_BUCKET).list(folder, { limit: FOLDER_LIMIT });
      if (error) throw errorOf(error);
      // Folders have no id; the item folder has none below it anyway.
      const objects = data.filter((entry) => entry.id !== null);
      return await Promise.all(
        objects.map(async (entry): Promise<StoredFile> => ({
          name: entry.name,
          size: Number(entry.metadata?.size ?? 0),
          mimeType: typeof entry.metadata?.mimetype === 'string' ? entry.metadata.mimetype : null,
          head: await readHead(`${folder}/${entry.name}`),
        })),
      );
    },
    async remove(paths) {
      if (paths.length === 0) return;
      const { error } = await service.storage.from(MEDIA_BUCKET).remove(paths);
      if (error) throw errorOf(error);
    },
    async insert(row) {
      const { data, error } = await service.from('organizations_media').insert(row).select('*').single();
      if (error?.code === UNIQUE_VIOLATION) throw new RowExistsError(error.message);
      if (error) throw errorOf(error);
      return data;
    },
    async finishVideo(mediaId, columns) {
      const { data, error } = await service
        .from('organizations_media')
        .update({ ...columns, processing: false, processing_claimed_until: null })
        .eq('id', mediaId)
        .select('*')
        .single();
      if (error) throw errorOf(error);
      return data;
    },
  },
  log: consoleLog,
};

Deno.serve((request) => handleFinishUpload(request, deps));
