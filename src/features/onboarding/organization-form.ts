import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { isValidEmail, normalizeEmail } from '@/lib/validation/email';
import { normalizeOrganizationNumber, organizationNumberProblem } from '@/lib/validation/organization-number';

/** Error keys of the form (onboarding:organization.errors.*). */
export type OrganizationFieldError =
  'nameLength' | 'organizationNumberLength' | 'organizationNumberChecksum' | 'contactEmail';

export type OrganizationField = 'name' | 'organizationNumber' | 'contactEmail';

export const organizationFormSchema = z.object({
  name: z
    .string()
    .transform((value) => value.trim())
    .pipe(z.string().min(2, 'nameLength').max(120, 'nameLength')),
  organizationNumber: z
    .string()
    .transform(normalizeOrganizationNumber)
    .superRefine((value, context) => {
      const problem = organizationNumberProblem(value);
      if (problem === 'length') context.addIssue({ code: 'custom', message: 'organizationNumberLength' });
      if (problem === 'checksum') context.addIssue({ code: 'custom', message: 'organizationNumberChecksum' });
    }),
  // Optional (docs/auth-onboarding.md): the owner's own e-mail reaches them anyway; lower-cased as the
  // database's check (private.is_valid_email) expects.
  contactEmail: z
    .string()
    .transform(normalizeEmail)
    .pipe(z.union([z.literal(''), z.string().refine(isValidEmail, 'contactEmail')]))
    .transform((value) => (value === '' ? null : value)),
});

export type OrganizationFormValues = z.input<typeof organizationFormSchema>;
export type OrganizationFormData = z.output<typeof organizationFormSchema>;

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
