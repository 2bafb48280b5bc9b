import { z } from 'zod';
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
