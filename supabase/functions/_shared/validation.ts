/** zod schemas shared by the functions' inputs. */
import { z } from './deps.ts';

/**
 * GoTrue's e-mail rule (supabase/auth `validateEmail`: at most 255 characters and the pattern of
 * github.com/badoux/checkmail's ValidateFormat): an ASCII local part of RFC 5322 atom characters and
 * dots, `@`, then dot-separated labels of letters, digits and inner hyphens, each at most 63 long. No
 * dot is required in the domain, as in GoTrue. The database's private.is_valid_email is the same rule
 * on the lower-cased address (migration 20261124100000).
 */
export const GOTRUE_EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Trimmed, then GoTrue's rule, then lower-cased (as GoTrue stores it). */
export const emailSchema = z.string().trim().max(255).regex(GOTRUE_EMAIL_PATTERN).toLowerCase();

/** An absolute http(s) URL (the allow-list check is redirect-allow-list.ts). */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\/[^/\\]/i.test(value) && URL.canParse(value), 'absolute http(s) URL');

export const uuidSchema = z.uuid();

/** A plain JSON object (not an array, not null). */
export const objectSchema = z.record(z.string(), z.unknown());
