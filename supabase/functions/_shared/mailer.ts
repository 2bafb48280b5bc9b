/**
 * Sending e-mail from functions (docs/auth-onboarding.md «Mail from functions»):
 * - `RESEND_API_KEY` set → Resend's HTTP API (production), from `MAILER_FROM` (required there, e.g.
 *   `Leadtorget <noreply@leadtorget.no>`, a domain verified at Resend).
 * - otherwise `MAILPIT_URL` → Mailpit's `POST /api/v1/send` (the embedded platform's outbox implements
 *   it, and `supabase start`'s Mailpit has it too).
 * - neither → every send fails (the function answers 500 unknown and logs why): it never pretends.
 */

import type { Env } from './env.ts';

/** A file sent with the e-mail (a calendar file); `content` is text, sent as UTF-8. */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Mailpit tags / Resend tags (letters, digits, - and _). */
  tags?: string[];
  /** Extra headers, e.g. List-Unsubscribe (both Resend and Mailpit's send API take them). */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const DEFAULT_LOCAL_FROM = 'Leadtorget <noreply@leadtorget.local>';

export class MailerError extends Error {
  override name = 'MailerError';
}

/** `Name <address>` or a bare address. */
export function parseFrom(value: string): { name: string; email: string } {
  const match = /^\s*(.*?)\s*<\s*([^<>\s]+)\s*>\s*$/.exec(value);
  if (match) return { name: match[1]!.replace(/^"|"$/g, ''), email: match[2]! };
  return { name: '', email: value.trim() };
}

/** Base64 of the text's UTF-8 bytes, as both APIs take attachments. */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function resendMailer(apiKey: string, from: string, fetchImpl: typeof fetch = fetch): Mailer {
  return {
    async send(mail) {
      const response = await fetchImpl('https://api.resend.com/emails', {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          from,
          to: [mail.to],
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          tags: (mail.tags ?? []).map((tag) => ({ name: 'category', value: tag })),
          ...(mail.headers ? { headers: mail.headers } : {}),
          ...(mail.attachments?.length
            ? {
                attachments: mail.attachments.map((file) => ({
                  filename: file.filename,
                  content: base64Utf8(file.content),
                  content_type: file.contentType,
                })),
              }
            : {}),
        }),
      });
      if (!response.ok) {
        throw new MailerError(`Resend answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      }
      await response.body?.cancel();
    },
  };
}

export function mailpitMailer(baseUrl: string, from: string, fetchImpl: typeof fetch = fetch): Mailer {
  const sender = parseFrom(from);
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/api/v1/send`;
  return {
    async send(mail) {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          From: { Email: sender.email, Name: sender.name },
          To: [{ Email: mail.to, Name: '' }],
          Subject: mail.subject,
          Text: mail.text,
          HTML: mail.html,
          Tags: mail.tags ?? [],
          ...(mail.headers ? { Headers: mail.headers } : {}),
          ...(mail.attachments?.length
            ? {
                Attachments: mail.attachments.map((file) => ({
                  Filename: file.filename,
                  Content: base64Utf8(file.content),
                  ContentType: file.contentType,
                })),
              }
            : {}),
        }),
      });
      if (!response.ok) {
        throw new MailerError(
          `Mailpit answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
        );
      }
      await response.body?.cancel();
    },
  };
}

/** The mailer the environment configures (see the top of this file). */
export function mailerFromEnv(env: Env, fetchImpl: typeof fetch = fetch): Mailer {
  const resendKey = env.get('RESEND_API_KEY')?.trim();
  const from = env.get('MAILER_FROM')?.trim();
  if (resendKey) {
    if (!from)
      return failingMailer('RESEND_API_KEY is set but MAILER_FROM is not (e.g. "Leadtorget <noreply@…>")');
    return resendMailer(resendKey, from, fetchImpl);
  }
  const mailpit = env.get('MAILPIT_URL')?.trim();
  if (mailpit) return mailpitMailer(mailpit, from || DEFAULT_LOCAL_FROM, fetchImpl);
  return failingMailer('no mailer configured: set RESEND_API_KEY (+ MAILER_FROM) or MAILPIT_URL');
}

function failingMailer(reason: string): Mailer {
  return {
    send() {
      return Promise.reject(new MailerError(reason));
    },
  };
}
