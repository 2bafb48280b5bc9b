import { toAppError, type AppErrorCode } from './errors';
import { i18next } from './i18n';

/** The Norwegian message for any error or code, from the one catalogue (locales/<lng>/errors.json). */
export function errorMessage(error: unknown): string {
  const appError =
    typeof error === 'string' ? toAppError({ code: error as AppErrorCode }) : toAppError(error);
  const message = i18next.t(appError.code, { ns: 'errors' });
  if (appError.code !== 'weak_password' || appError.reasons.length === 0) return message;
  const reasons = appError.reasons.map((reason) => i18next.t(`weak_password_${reason}`, { ns: 'errors' }));
  return [message, ...reasons].join(' ');
}
