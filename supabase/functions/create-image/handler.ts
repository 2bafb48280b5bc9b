/**
 * POST /functions/v1/create-image `{ organizationId, prompt, negatives?, type?, images_count?, style?,
 * aiModel? }` with the caller's JWT (docs/media.md «create-image»). Makes one image, stores it in the
 * organizations-media bucket and answers 200 `{ media }` (the new organizations_media row).
 *
 * Order: method → caller (401 not-signed-in) → input (400 invalid-input: prompt 1–1,000 characters
 * after trimming, negatives ≤ 1,000, type image, images_count 1, style vivid|natural, aiModel dall-e)
 * → the caller is a member (`is_organization_member` with the caller's JWT; else 403 forbidden) →
 * a provider is configured (else 503 images-not-configured) → one of the organization's 20 hourly
 * generations (429 image-rate-limited, Retry-After) → the provider (422 image-content-policy, 503
 * image-provider-busy, 502 image-provider-failed; the slot is given back unless the provider refused
 * the prompt) → the PNG at `<organization>/<new id>/original.png` and the row, both with the service
 * role; if the row cannot be written the file is removed again.
 */
import type { Caller } from '../_shared/auth.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, withCaller, type Log } from '../_shared/http.ts';
import { uuidSchema } from '../_shared/validation.ts';
import type { ImageFailureCode, ImageProvider } from './types.ts';

/** The organizations_media columns create-image writes. */
export interface NewImageRow {
  id: string;
  organization_id: string;
  type: 'image';
  storage_path: string;
  url: string;
  name: string;
  mime_type: 'image/png';
  size_bytes: number;
  width: number;
  height: number;
  source: 'ai';
  prompt: string;
  created_by: string;
}

export type ClaimResult = { ok: true; id: number } | { ok: false; retryAfterSeconds: number };

export interface CreateImageDb<Row> {
  /** `is_organization_member` with the caller's JWT. */
  isMember(caller: Caller, organizationId: string): Promise<boolean>;
  /** Service role: `claim_image_generation`. */
  claimGeneration(organizationId: string, userId: string): Promise<ClaimResult>;
  /** Service role: `release_image_generation`. */
  releaseGeneration(id: number): Promise<void>;
  /** Service role: stores the file in organizations-media. */
  upload(path: string, png: Uint8Array): Promise<void>;
  /** Service role: removes a file stored for a row that could not be written. */
  remove(path: string): Promise<void>;
  /** Service role: inserts the row and returns it as stored. */
  insert(row: NewImageRow): Promise<Row>;
}

export interface CreateImageDeps<Row = unknown> {
  /** The user of the request's JWT, or null (401). */
  authenticate(request: Request): Promise<Caller | null>;
  db: CreateImageDb<Row>;
  images: ImageProvider;
  newId?: () => string;
  log?: Log;
}

export const PROMPT_MAX = 1000;

const inputSchema = z.object({
  organizationId: uuidSchema,
  prompt: z.string().trim().min(1).max(PROMPT_MAX),
  negatives: z.string().trim().max(PROMPT_MAX).nullish(),
  type: z.literal('image').default('image'),
  images_count: z.literal(1).default(1),
  style: z.enum(['vivid', 'natural']).default('vivid'),
  aiModel: z.literal('dall-e').default('dall-e'),
});

/** The prompt as the provider gets it: what to avoid on a line of its own. */
export function promptWithNegatives(prompt: string, negatives: string | null | undefined): string {
  return negatives ? `${prompt}\n\nUnngå: ${negatives}` : prompt;
}

/** The library's name for an AI image: the prompt's first words, at most 60 characters. */
export function nameFromPrompt(prompt: string): string {
  const words = prompt.replace(/\s+/g, ' ').trim().split(' ');
  let name = '';
  for (const word of words) {
    const next = name ? `${name} ${word}` : word;
    if (next.length > 60 || next.split(' ').length > 8) break;
    name = next;
  }
  name ||= prompt.trim().slice(0, 60);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const FAILURE_STATUS: Record<ImageFailureCode, number> = {
  'image-content-policy': 422,
  'image-provider-busy': 503,
  'image-provider-failed': 502,
};

export function handleCreateImage<Row>(request: Request, deps: CreateImageDeps<Row>): Promise<Response> {
  return withCaller(request, deps, 'create-image', inputSchema, async (caller, input, log) => {
    const { organizationId, prompt, negatives, style } = input;

    if (!(await deps.db.isMember(caller, organizationId))) return errorResponse(403, 'forbidden');

    if (deps.images.name === 'unconfigured') {
      log(
        'create-image: no image provider configured: set OPENAI_API_KEY (or IMAGES_PROVIDER=local on a test stack)',
      );
      return errorResponse(503, 'images-not-configured');
    }

    const claim = await deps.db.claimGeneration(organizationId, caller.id);
    if (!claim.ok) {
      return errorResponse(429, 'image-rate-limited', { 'Retry-After': String(claim.retryAfterSeconds) });
    }

    const fullPrompt = promptWithNegatives(prompt, negatives);
    const image = await deps.images.generate({ prompt: fullPrompt, style }).catch((error: unknown) => {
      log('create-image: the provider threw', error);
      return { ok: false as const, code: 'image-provider-failed' as const };
    });
    if (!image.ok) {
      // A refused prompt keeps its slot: trying again and again is what the limit is for.
      if (image.code !== 'image-content-policy') await deps.db.releaseGeneration(claim.id);
      return errorResponse(FAILURE_STATUS[image.code], image.code);
    }

    const id = (deps.newId ?? (() => crypto.randomUUID()))();
    const path = `${organizationId}/${id}/original.png`;
    await deps.db.upload(path, image.png);
    let media: Row;
    try {
      media = await deps.db.insert({
        id,
        organization_id: organizationId,
        type: 'image',
        storage_path: path,
        url: path,
        name: nameFromPrompt(prompt),
        mime_type: 'image/png',
        size_bytes: image.png.length,
        width: image.width,
        height: image.height,
        source: 'ai',
        prompt: fullPrompt,
        created_by: caller.id,
      });
    } catch (error) {
      await deps.db.remove(path).catch((removeError: unknown) => {
        log(`create-image: could not remove ${path} after the row failed`, removeError);
      });
      throw error;
    }
    return json(200, { media });
  });
}
