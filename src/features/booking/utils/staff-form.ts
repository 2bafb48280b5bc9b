import { z } from 'zod';
import { isValidEmail } from '@/lib/validation/email';

export interface StaffFormValues {
  name: string;
  email: string;
  memberId: string;
  serviceIds: string[];
}

/** booking_staff's checks, each failure a key under `setup.staff.errors`. */
export const staffSchema = z.object({
  name: z.string().trim().min(1, { error: 'nameRequired' }).max(120, { error: 'nameTooLong' }),
  email: z
    .string()
    .trim()
    .refine((value) => value === '' || (value.length <= 254 && isValidEmail(value)), { error: 'email' }),
  memberId: z.string(),
  serviceIds: z.array(z.string()),
});

export type StaffFormErrors = Partial<Record<'name' | 'email', string>>;

export function validateStaffForm(values: StaffFormValues) {
  const parsed = staffSchema.safeParse(values);
  if (!parsed.success) {
    const errors: StaffFormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'name' || field === 'email') errors[field] ??= issue.message;
    }
    return { errors, input: null };
  }
  const v = parsed.data;
  return {
    errors: {},
    input: {
      fields: {
        name: v.name,
        email: v.email === '' ? null : v.email,
        member_id: v.memberId === '' ? null : v.memberId,
      },
      serviceIds: v.serviceIds,
    },
  };
}
