import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { AppError } from '@/lib/errors';
import { isValidEmail } from '@/lib/validation/email';
import { normalizePhone } from '@/lib/validation/phone';
import type { CodeTarget } from '../types';
import { passwordWeaknesses } from '../utils/password-rules';

type Values = { fullName: string; email: string; phone: string; password: string; terms: boolean };
export type FieldErrors = Partial<Record<keyof Values, string>>;

const EMPTY: Values = { fullName: '', email: '', phone: '', password: '', terms: false };

/**
 * The fields of the sign-in and sign-up form and their checks. Every field is checked at once, so
 * one mistake never hides another: the catalogue's message when there is neither e-mail nor phone
 * (`formError`), and field errors for all the rest. A new password is also held to GoTrue's rules
 * here (utils/password-rules.ts), so a weak one is named next to a bad e-mail.
 */
export function useSignInFields() {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<Values>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<AppError | null>(null);

  const update = (name: keyof Values) => (value: string | boolean) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setFieldErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  /** The e-mail field, checked; undefined (with its message shown) when it is not usable. */
  const requireEmail = (): string | undefined => {
    const email = values.email.trim();
    if (!email) setFieldErrors({ email: t('signIn.emailRequired') });
    else if (!isValidEmail(email)) setFieldErrors({ email: t('signIn.emailInvalid') });
    else return email;
    return undefined;
  };

  /** The phone field in E.164; undefined (with its message shown) when it is not usable. */
  const requirePhone = (): string | undefined => {
    const phone = values.phone.trim();
    const normalized = normalizePhone(phone);
    if (!phone) setFieldErrors({ phone: t('signIn.phoneRequired') });
    else if (!normalized) setFieldErrors({ phone: t('signIn.phoneInvalid') });
    else return normalized;
    return undefined;
  };

  /** E-mail or phone (not both needed): the one to sign in with, the missing-both error, or field errors. */
  const readCredentials = (): { credentials: CodeTarget } | AppError | FieldErrors => {
    const email = values.email.trim();
    const phone = values.phone.trim();
    if (!email && !phone) return new AppError('missing-email-or-phone');
    const errors: FieldErrors = {};
    if (email && !isValidEmail(email)) errors.email = t('signIn.emailInvalid');
    const normalized = phone ? normalizePhone(phone) : null;
    if (!email && phone && !normalized) errors.phone = t('signIn.phoneInvalid');
    if (Object.keys(errors).length > 0) return errors;
    return { credentials: email ? { email } : { phone: normalized ?? '' } };
  };

  /** Checks the whole form; what to send when it passes, else null (with every problem shown). */
  const check = (signingUp: boolean) => {
    const errors: FieldErrors = {};
    const fullName = values.fullName.trim();
    if (signingUp && fullName.length < 2) errors.fullName = t('signUp.nameRequired');
    const read = readCredentials();
    if (!(read instanceof AppError) && !('credentials' in read)) Object.assign(errors, read);
    if (!values.password) errors.password = t('signIn.passwordRequired');
    else if (signingUp) {
      const reasons = passwordWeaknesses(values.password);
      if (reasons.length > 0) errors.password = errorMessage(new AppError('weak_password', { reasons }));
    }
    if (signingUp && !values.terms) errors.terms = t('signUp.termsRequired');
    setFieldErrors(errors);
    setFormError(read instanceof AppError ? read : null);
    const valid =
      !(read instanceof AppError) && 'credentials' in read && !Object.values(errors).some(Boolean);
    return valid ? { fullName, credentials: read.credentials, password: values.password } : null;
  };

  const clearErrors = () => {
    setFormError(null);
    setFieldErrors({});
  };

  return { values, fieldErrors, formError, update, requireEmail, requirePhone, check, clearErrors };
}
