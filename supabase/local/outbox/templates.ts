/**
 * The platform's e-mails and SMS texts, in Norwegian. E-mail bodies are `supabase/templates/<kind>.html`,
 * the same files `supabase start` uses (config.toml, [auth.email.template.<kind>]), written in the shared
 * e-mail layout by `npm run emails:templates` and rendered with the html/template subset in
 * go-template.ts; subjects here must equal the ones in config.toml (tested).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EmailKind, OutgoingMessage } from '../contracts.ts';
import { renderGoTemplate } from './go-template.ts';
import { htmlToText } from './html-text.ts';

export const emailKinds: readonly EmailKind[] = [
  'confirmation',
  'magic_link',
  'recovery',
  'email_change',
  'invite',
  'reauthentication',
];

export const emailSubjects: Readonly<Record<EmailKind, string>> = {
  confirmation: 'Bekreft e-postadressen din',
  magic_link: 'Logg inn på Leadtorget',
  recovery: 'Lag et nytt passord',
  email_change: 'Bekreft ny e-postadresse',
  invite: 'Du er invitert til Leadtorget',
  reauthentication: 'Bekreftelseskode',
};

export const templatesDirectory = fileURLToPath(new URL('../../templates/', import.meta.url));

/** What GoTrue hands its templates, in camelCase; see renderEmail for the Go names. */
export interface EmailVars {
  /** The app's URL without a trailing slash (config siteUrl); links go to `{siteUrl}/auth/management`. */
  siteUrl: string;
  /** The one-time code (otp_length digits). */
  token: string;
  /** What `/verify` accepts as `token_hash`; the app receives it as `oobCode`. */
  tokenHash: string;
  /** The account's current address. */
  email: string;
  /** email_change: the address being changed to. */
  newEmail?: string;
  /** The allowed redirect (GoTrue passes the site URL when none or a foreign one was asked for). */
  redirectTo?: string;
  /** The user's user_metadata (`{{ .Data.full_name }}` greets by name). */
  data?: Record<string, unknown>;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Renders one e-mail. The template file is read on every call, so editing a template shows in the
 * next e-mail without restarting the platform (GoTrue reloads its templates too).
 */
export function renderEmail(kind: EmailKind, vars: EmailVars): RenderedEmail {
  const data = {
    SiteURL: vars.siteUrl,
    Token: vars.token,
    TokenHash: vars.tokenHash,
    Email: vars.email,
    NewEmail: vars.newEmail ?? '',
    RedirectTo: vars.redirectTo ?? '',
    Data: vars.data ?? {},
  };
  const source = readFileSync(`${templatesDirectory}${kind}.html`, 'utf8');
  const html = renderGoTemplate(source, data);
  // GoTrue renders the subject with html/template too.
  const subject = renderGoTemplate(emailSubjects[kind], data);
  return { subject, html, text: htmlToText(html) };
}

/** An e-mail ready for `mailer.send`. */
export function emailMessage(kind: EmailKind, to: string, vars: EmailVars): OutgoingMessage {
  return { channel: 'email', kind, to, ...renderEmail(kind, vars) };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "5 minutter", "1 time", "90 sekunder": the largest unit that divides the duration evenly. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole >= 3600 && whole % 3600 === 0) return plural(whole / 3600, 'time', 'timer');
  if (whole >= 60 && whole % 60 === 0) return plural(whole / 60, 'minutt', 'minutter');
  return plural(whole, 'sekund', 'sekunder');
}

export type SmsKind = Extract<OutgoingMessage, { channel: 'sms' }>['kind'];

/** The SMS text; `expirySeconds` is the config's otpExpirySeconds. */
export function renderSms(kind: SmsKind, code: string, expirySeconds: number): string {
  const validity = `Den gjelder i ${formatDuration(expirySeconds)}.`;
  return kind === 'phone_change'
    ? `Koden for å bekrefte nytt telefonnummer på Leadtorget er ${code}. ${validity}`
    : `Koden din for Leadtorget er ${code}. ${validity}`;
}

/** An SMS ready for `mailer.send`. */
export function smsMessage(kind: SmsKind, to: string, code: string, expirySeconds: number): OutgoingMessage {
  return { channel: 'sms', kind, to, text: renderSms(kind, code, expirySeconds) };
}
