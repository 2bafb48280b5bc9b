import { z } from 'zod';
import { isValidEmail } from '@/lib/validation/email';
import { isValidOrganizationNumber } from '@/lib/validation/organization-number';
import { INVITABLE_ROLES } from './constants';

export const detailsSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(2, { error: 'details.nameInvalid' })
      .max(120, { error: 'details.nameInvalid' }),
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
    // The postal address (the seller block of receipts when the organization sells): all or nothing.
    streetAddress: z
      .string()
      .trim()
      .refine((value) => value === '' || (value.length >= 2 && value.length <= 120), {
        error: 'details.streetAddressInvalid',
      }),
    postalCode: z
      .string()
      .transform((value) => value.replace(/\s/g, ''))
      .refine((value) => value === '' || /^\d{4}$/.test(value), { error: 'details.postalCodeInvalid' }),
    city: z
      .string()
      .trim()
      .refine((value) => value === '' || (value.length >= 2 && value.length <= 80), {
        error: 'details.cityInvalid',
      }),
    // What the receipts' seller block says after the organization number (bokføringsforskriften § 5-1).
    vatRegistered: z.boolean(),
    foretaksregisteret: z.boolean(),
  })
  .superRefine((values, context) => {
    const address = { streetAddress: values.streetAddress, postalCode: values.postalCode, city: values.city };
    if (Object.values(address).every((value) => value === '')) return;
    for (const [field, value] of Object.entries(address)) {
      if (value === '')
        context.addIssue({ code: 'custom', path: [field], message: 'details.addressIncomplete' });
    }
  });

export const inviteSchema = z.object({
  email: z.string().trim().refine(isValidEmail, { error: 'invite.errors.invalid-email' }),
  role: z.enum(INVITABLE_ROLES),
});
