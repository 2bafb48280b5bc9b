import { env } from '../env';
import type { PublicCallCode } from './campaign-codes';
import { anonHeaders, PublicCallError } from './public-rpc';

export type UploadPurpose = 'competition-progress' | 'form-answer';

/**
 * Sends a file of the public to the campaign-upload function, which checks it and stores it in the
 * private uploads bucket; resolves with the upload's id for the write that claims it. A refusal
 * throws a `PublicCallError` with the function's code (`campaign-upload-type`, `…-too-large`, …).
 */
export async function uploadCampaignFile({
  campaignId,
  purpose,
  file,
  token,
  signal,
}: {
  campaignId: string;
  purpose: UploadPurpose;
  file: Blob;
  /** The participant's token, for a purpose that needs one. */
  token?: string;
  signal?: AbortSignal;
}): Promise<string> {
  const query = new URLSearchParams({ campaign: campaignId, purpose });
  let response: Response;
  try {
    response = await fetch(`${env.VITE_SUPABASE_URL}/functions/v1/campaign-upload?${query}`, {
      method: 'POST',
      headers: {
        ...anonHeaders(),
        'Content-Type': file.type || 'application/octet-stream',
        ...(token ? { 'x-participation-token': token } : {}),
      },
      body: file,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PublicCallError('network', null);
  }
  const body = (await response.json().catch(() => ({}))) as {
    upload_id?: string;
    error?: { code?: string };
  };
  if (response.ok && body.upload_id) return body.upload_id;
  const code = (body.error?.code ?? (response.status === 429 ? 'rate-limited' : 'unknown')) as PublicCallCode;
  throw new PublicCallError(code, response.status);
}
