import {
  areaNamespaceOf,
  LAZY_MESSAGE_CODES,
  STARTUP_MESSAGE_CODES,
  toAppError,
  type AppErrorCode,
} from './errors';
import { i18next } from './i18n';

/** A reader of the messages of `codes` only: undefined for any other code. */
function catalogue<Code extends AppErrorCode>(codes: readonly Code[], message: (code: Code) => string) {
  const known = new Set<AppErrorCode>(codes);
  const holds = (code: AppErrorCode): code is Code => known.has(code);
  return (code: AppErrorCode): string | undefined => (holds(code) ? message(code) : undefined);
}

const lazyMessage = (code: string, ns: string) =>
  (i18next.t as (key: string, options: { ns: string }) => string)(`errors.${code}`, { ns });

/** An area's code in its `<area>-errors` namespace, which the area's screens have loaded. */
function areaMessage(code: AppErrorCode): string | undefined {
  const ns = areaNamespaceOf(code);
  return ns && i18next.exists(`errors.${code}`, { ns }) ? lazyMessage(code, ns) : undefined;
}

/**
 * Where each code's message lives (src/lib/errors.ts decides): a lazy namespace's `errors`, which the
 * screens showing those codes have loaded, or the startup catalogue.
 */
const CATALOGUES = [
  // One reader per lazy namespace, from LAZY_MESSAGE_CODES itself (tests/lib/errors.test.ts checks
  // that each namespace's file holds a message for every code it is given, and no other).
  ...Object.entries(LAZY_MESSAGE_CODES).map(([ns, codes]) =>
    catalogue(codes as readonly AppErrorCode[], (code) => lazyMessage(code, ns)),
  ),
  areaMessage,
  catalogue(STARTUP_MESSAGE_CODES, (code) => i18next.t(code, { ns: 'errors' })),
];

function messageOf(code: AppErrorCode): string {
  for (const read of CATALOGUES) {
    const message = read(code);
    if (message !== undefined) return message;
  }
  return i18next.t('unknown', { ns: 'errors' });
}

/** The Norwegian message for any error or code. */
export function errorMessage(error: unknown): string {
  const appError =
    typeof error === 'string' ? toAppError({ code: error as AppErrorCode }) : toAppError(error);
  const message = messageOf(appError.code);
  if (appError.code !== 'weak_password' || appError.reasons.length === 0) return message;
  const reasons = appError.reasons.map((reason) => i18next.t(`weak_password_${reason}`, { ns: 'errors' }));
  return [message, ...reasons].join(' ');
}
