import { z } from 'zod';
import { isValidEmail } from '@/lib/validation/email';

export const profileNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'profile.nameRequired' })
  .max(120, { error: 'profile.nameTooLong' });

export const emailSchema = z.string().trim().refine(isValidEmail, { error: 'email.invalid' });
