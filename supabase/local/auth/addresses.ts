/**
 * E-mail addresses and phone numbers as GoTrue accepts them — the one place the auth service decides
 * whether one is well-formed. Every endpoint that takes an address checks it here before it reaches
 * a query or an e-mail, so markup, SQL-looking text and control characters are refused as GoTrue
 * refuses them, with GoTrue's error codes and messages.
 */
import { badRequest } from './errors.ts';

/** GoTrue's e-mail format (the checkmail package it uses): a local part, then dot-separated labels. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const MAX_EMAIL_LENGTH = 255;

/** E.164 without the '+': a country code that does not start with 0, at most 15 digits in all. */
const E164_DIGITS = /^[1-9][0-9]{1,14}$/;

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

/**
 * The address in the form GoTrue stores (lower case), or 400 validation_failed with GoTrue's message.
 * Not trimmed: GoTrue refuses surrounding spaces too.
 */
export function parseEmail(raw: string): string {
  if (raw === '') throw badRequest('validation_failed', 'An email address is required');
  if (raw.length > MAX_EMAIL_LENGTH) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_PATTERN.test(raw)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return raw.toLowerCase();
}

/**
 * GoTrue's phone formatting: one leading '+' and every space go; nothing else does, so dashes,
 * brackets or trailing text make the number invalid rather than being silently dropped.
 */
export function formatPhone(raw: string): string {
  return (raw.startsWith('+') ? raw.slice(1) : raw).replaceAll(' ', '');
}

export function isValidPhone(raw: string): boolean {
  return E164_DIGITS.test(formatPhone(raw));
}

/** The number as GoTrue stores it (digits only), or 400 validation_failed with GoTrue's message. */
export function parsePhone(raw: string): string {
  const phone = formatPhone(raw);
  if (!E164_DIGITS.test(phone)) {
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return phone;
}
