/**
 * Sending the e-mails and SMS GoTrue sends. Rendering (Norwegian, from supabase/templates/<kind>.html,
 * the same files `supabase start` uses) belongs to the outbox part (outbox/templates.ts); links go
 * into the app's account-management route (`{site}/auth/management?mode=<mode>&oobCode=<token_hash>`,
 * see `managementModes` in contracts.ts), and every e-mail also carries the numeric code.
 * Here: GoTrue's rate limits, then `mailer.send`.
 */
import type { EmailKind } from '../contracts.ts';
import { emailMessage, smsMessage } from '../outbox/templates.ts';
import { tooManyRequests } from './errors.ts';
import type { AuthService } from './service.ts';
import { toDate } from './users.ts';

export interface EmailVars {
  to: string;
  token: string;
  tokenHash: string;
  redirectTo: string;
  /** The account's current address (default: `to`). */
  email?: string;
  newEmail?: string;
  data?: Record<string, unknown>;
}

/**
 * GoTrue's per-address frequency limit (auth.email.max_frequency): another e-mail of the same kind
 * to the same user only after `seconds` since the last one (its `*_sent_at` column).
 */
export function assertFrequency(
  svc: AuthService,
  sentAt: Date | string | null,
  seconds: number,
  code: 'over_email_send_rate_limit' | 'over_sms_send_rate_limit',
): void {
  const last = toDate(sentAt);
  if (!last) return;
  const wait = Math.ceil((last.getTime() + seconds * 1000 - svc.now().getTime()) / 1000);
  if (wait > 0)
    throw tooManyRequests(code, `For security purposes, you can only request this after ${wait} seconds.`);
}

export async function sendEmail(svc: AuthService, kind: EmailKind, vars: EmailVars): Promise<void> {
  // Project-wide hourly budget, like GoTrue's RATE_LIMIT_EMAIL_SENT.
  if (!svc.sendLimiter.take('email', svc.config.auth.rateLimits.emailSent)) {
    throw tooManyRequests('over_email_send_rate_limit', 'Email rate limit exceeded');
  }
  await svc.send(
    emailMessage(kind, vars.to, {
      siteUrl: svc.config.siteUrl.replace(/\/$/, ''),
      token: vars.token,
      tokenHash: vars.tokenHash,
      email: vars.email ?? vars.to,
      ...(vars.newEmail ? { newEmail: vars.newEmail } : {}),
      redirectTo: vars.redirectTo,
      ...(vars.data ? { data: vars.data } : {}),
    }),
  );
}

export async function sendSms(
  svc: AuthService,
  kind: 'sms_otp' | 'phone_change',
  to: string,
  code: string,
): Promise<string> {
  if (!svc.sendLimiter.take('sms', svc.config.auth.rateLimits.smsSent)) {
    throw tooManyRequests('over_sms_send_rate_limit', 'SMS rate limit exceeded');
  }
  await svc.send(smsMessage(kind, `+${to}`, code, svc.config.auth.otpExpirySeconds));
  return `local-${Date.now().toString(36)}`;
}
