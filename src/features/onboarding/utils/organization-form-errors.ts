import type { z } from 'zod';
import { AppError } from '@/lib/errors';
import type { OrganizationField, OrganizationFieldError } from '../schemas';

export function fieldErrorsOf(error: z.ZodError): Partial<Record<OrganizationField, OrganizationFieldError>> {
  const errors: Partial<Record<OrganizationField, OrganizationFieldError>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as OrganizationField;
    errors[field] ??= issue.message as OrganizationFieldError;
  }
  return errors;
}

/**
 * The database's check constraints (23514) say which field is wrong; the form shows it at the field,
 * as if the client had caught it (it normally does).
 */
export function serverFieldError(
  error: unknown,
): { field: OrganizationField; message: OrganizationFieldError } | null {
  const cause = error instanceof AppError ? error.cause : error;
  if (!cause || typeof cause !== 'object') return null;
  const { code, message, details } = cause as { code?: unknown; message?: unknown; details?: unknown };
  if (code !== '23514') return null;
  const text = [message, details].filter((part) => typeof part === 'string').join(' ');
  if (text.includes('organization_number')) {
    return { field: 'organizationNumber', message: 'organizationNumberChecksum' };
  }
  if (text.includes('contact_email')) return { field: 'contactEmail', message: 'contactEmail' };
  if (text.includes('name')) return { field: 'name', message: 'nameLength' };
  return null;
}
