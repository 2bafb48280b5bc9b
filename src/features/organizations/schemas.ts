import { z } from 'zod';
import { isValidEmail } from '@/lib/validation/email';
import { isValidOrganizationNumber } from '@/lib/validation/organization-number';
import { INVITABLE_ROLES } from './constants';

export const detailsSchema = z.object({
  name: z.string().trim().min(2, { error: 'details.nameInvalid' }).max(120, { error: 'details.nameInvalid' }),
  organizationNumber: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => value === '' || isValidOrganizationNumber(value), {
      error: 'details.organizationNumberInvalid',
    }),
  contactEmail: z.union([
    z.literal(''),
    z.string().refine(isValidEmail, { error: 'details.contactEmailInvalid' }),
  ]),
});

export const inviteSchema = z.object({
  email: z.string().trim().refine(isValidEmail, { error: 'invite.errors.invalid-email' }),
  role: z.enum(INVITABLE_ROLES),
});
