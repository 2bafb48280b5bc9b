import type { Factor } from '@supabase/auth-js';
import { useMutation } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export type TotpEnrollment = { factorId: string; qrCode: string; secret: string };

/** Starts a TOTP enrolment; unfinished enrolments of earlier visits are removed first. */
async function enrollTotp(unverified: readonly Factor[]): Promise<TotpEnrollment> {
  for (const factor of unverified) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId: factor.id });
    if (error) throw toAppError(error);
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
  if (error) throw toAppError(error);
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

export function useEnrollTotp() {
  return useMutation({ mutationFn: enrollTotp });
}
