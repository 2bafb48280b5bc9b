/**
 * The campaign engine's refusals, the same for every public tool (docs/campaign-engine.md): the public
 * write check, the participant's e-mail, phone and consent, and the participation link. Their texts
 * are the shared `campaign-errors` namespace; the signed-in app's catalogue (src/lib/errors.ts) takes
 * the same list, so both paths agree on the codes.
 */
export const CAMPAIGN_ERROR_CODES = [
  'campaign-write-refused',
  'campaign-rate-limited',
  'participant-consent-required',
  'participant-email-invalid',
  'participant-phone-invalid',
  'participant-not-found',
] as const;

export type CampaignErrorCode = (typeof CAMPAIGN_ERROR_CODES)[number];

/**
 * The refusals of the public's uploads (campaign-upload and the claim). Their texts are apart
 * (`src/lib/public/locales/uploads/`): only a page that uploads carries them.
 */
export const UPLOAD_ERROR_CODES = [
  'campaign-not-found',
  'campaign-upload-invalid',
  'campaign-upload-type',
  'campaign-upload-too-large',
  'campaign-upload-quota',
] as const;

/** What the lean client says itself: no answer, an answer without a code, or a bare 429. */
export type PublicClientCode = 'network' | 'unknown' | 'rate-limited';

/** A public call's failure: the engine's code, the client's own, or an area's (`calendar-door-closed`). */
export type PublicCallCode = CampaignErrorCode | PublicClientCode | `${string}-${string}`;
