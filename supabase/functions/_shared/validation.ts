/** zod schemas shared by the functions' inputs. */
import { z } from './deps.ts';

/** Trimmed, lower-cased, at most 254 characters, a plausible address. */
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** An absolute http(s) URL (the allow-list check is redirect-allow-list.ts). */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\/[^/\\]/i.test(value) && URL.canParse(value), 'absolute http(s) URL');

export const uuidSchema = z.uuid();

/** A plain JSON object (not an array, not null). */
export const objectSchema = z.record(z.string(), z.unknown());
