/**
 * POST /functions/v1/campaign-upload?campaign=<id>&purpose=<purpose> with the anon key and the file as
 * the body (docs/campaign-engine.md «Uploads from the public»): the public's only way into the private
 * campaign-uploads bucket. A progress photo (`competition-progress`) carries the participant's token
 * in `x-participation-token`; a form's file answer (`form-answer`) none. The type is read from the
 * bytes (JPEG, PNG, WebP, and PDF for forms), never from the name or the browser's guess; a picture
 * is stored without its EXIF and XMP (a phone's photo says where it was taken). The database decides
 * who may send what (begin_campaign_upload); the write the file belongs to claims it later.
 *
 * Answers 201 `{ upload_id }`. Refusals: 400 invalid-input (no campaign id or purpose, an empty body)
 * and the database's codes, 404 campaign-not-found / participant-not-found, 413
 * campaign-upload-too-large (over 5 MiB), 415 campaign-upload-type, 429 rate-limited (per client
 * address) or campaign-upload-quota.
 */
import { clientIp, type TrustedProxies } from '../_shared/client-ip.ts';
import { corsHeaders, errorResponse, json, methodNotAllowed, type Log } from '../_shared/http.ts';
import { SNIFF_BYTES, sniffMediaType } from '../_shared/media-sniff.ts';
import type { RateLimiter, RateLimitRule } from '../_shared/rate-limit.ts';
import { stripMetadata } from '../_shared/strip-metadata.ts';

export const UPLOADS_BUCKET = 'campaign-uploads';
/** The bucket's and the table's limit too. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const PURPOSES = ['competition-progress', 'form-answer'] as const;
export type UploadPurpose = (typeof PURPOSES)[number];
export type UploadMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

/** A few photos in a row from one person, a form with several files; many people behind one address. */
export const DEFAULT_LIMIT: RateLimitRule = { max: 30, windowSeconds: 60 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The database's refusals the caller may see, with their status; anything else is a 500. */
const REFUSALS: Record<string, number> = {
  'campaign-not-found': 404,
  'participant-not-found': 404,
  'competition-not-found': 404,
  'campaign-upload-invalid': 400,
  'campaign-upload-type': 415,
  'campaign-upload-too-large': 413,
  'campaign-upload-quota': 429,
  'competition-no-team': 403,
  'competition-not-started': 403,
  'competition-ended': 403,
};

export interface CampaignUploadDb {
  /** Service role: begin_campaign_upload; throws an Error whose message is the database's code. */
  begin(input: {
    campaignId: string;
    purpose: UploadPurpose;
    token: string | null;
    mime: UploadMime;
    bytes: number;
  }): Promise<{ uploadId: string; objectPath: string }>;
  store(objectPath: string, body: Uint8Array, mime: UploadMime): Promise<void>;
  /** Deletes the row of an upload whose file could not be stored. */
  forget(uploadId: string): Promise<void>;
}

export interface CampaignUploadDeps {
  db: CampaignUploadDb;
  rateLimiter: RateLimiter;
  limit?: RateLimitRule;
  trustedProxies?: TrustedProxies;
  log?: Log;
}

const headers = {
  ...corsHeaders,
  'Access-Control-Allow-Headers': `${corsHeaders['Access-Control-Allow-Headers']}, x-participation-token`,
};

const isPdf = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(0, 5)) === '%PDF-';

/** The stored bytes and their type, or the refusal. */
function prepare(body: Uint8Array, purpose: UploadPurpose): { mime: UploadMime; body: Uint8Array } | string {
  if (purpose === 'form-answer' && isPdf(body)) return { mime: 'application/pdf', body };
  const sniffed = sniffMediaType(body.subarray(0, SNIFF_BYTES));
  if (sniffed?.mime !== 'image/jpeg' && sniffed?.mime !== 'image/png' && sniffed?.mime !== 'image/webp') {
    return 'campaign-upload-type';
  }
  const stripped = stripMetadata(body, sniffed.mime);
  return stripped ? { mime: sniffed.mime, body: stripped } : 'campaign-upload-type';
}

async function readLimited(request: Request): Promise<Uint8Array | 'too-large'> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_UPLOAD_BYTES) return 'too-large';
  const body = new Uint8Array(await request.arrayBuffer());
  return body.length > MAX_UPLOAD_BYTES ? 'too-large' : body;
}

export async function handleCampaignUpload(request: Request, deps: CampaignUploadDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response('ok', { headers });
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? (() => undefined);
  const answer = (status: number, code: string, extra: Record<string, string> = {}) =>
    errorResponse(status, code, { ...headers, ...extra });

  const url = new URL(request.url);
  const campaignId = url.searchParams.get('campaign') ?? '';
  const purpose = PURPOSES.find((known) => known === url.searchParams.get('purpose'));
  if (!UUID.test(campaignId) || !purpose) return answer(400, 'invalid-input');

  try {
    const limited = await deps.rateLimiter.consume(
      `campaign-upload:ip:${clientIp(request, deps.trustedProxies)}`,
      deps.limit ?? DEFAULT_LIMIT,
    );
    if (!limited.allowed) {
      return answer(429, 'rate-limited', { 'Retry-After': String(Math.max(1, limited.retryAfterSeconds)) });
    }
    const body = await readLimited(request);
    if (body === 'too-large') return answer(413, 'campaign-upload-too-large');
    if (body.length === 0) return answer(400, 'invalid-input');
    const file = prepare(body, purpose);
    if (typeof file === 'string') return answer(415, file);

    let upload: { uploadId: string; objectPath: string };
    try {
      upload = await deps.db.begin({
        campaignId,
        purpose,
        token: request.headers.get('x-participation-token') || null,
        mime: file.mime,
        bytes: file.body.length,
      });
    } catch (error) {
      const code = error instanceof Error ? error.message : '';
      const status = REFUSALS[code];
      if (status) return answer(status, code);
      throw error;
    }
    try {
      await deps.db.store(upload.objectPath, file.body, file.mime);
    } catch (error) {
      await deps.db
        .forget(upload.uploadId)
        .catch((forgetting: unknown) => log('campaign-upload: forget failed', forgetting));
      throw error;
    }
    return json(201, { upload_id: upload.uploadId }, headers);
  } catch (error) {
    log('campaign-upload: unexpected failure', error);
    return answer(500, 'unknown');
  }
}
