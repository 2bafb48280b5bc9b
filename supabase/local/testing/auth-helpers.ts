/**
 * Helpers for tests that drive the auth service with the real supabase-js client: clients that
 * keep no state between tests, unique addresses, and reading codes and links from the outbox.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../keys.ts';
import type { OutboxMessage } from '../outbox/store.ts';
import type { TestPlatform } from './test-platform.ts';

/**
 * supabase-js builds a realtime client eagerly and Node 20 has no WebSocket; auth tests never
 * connect, so a transport that refuses to open is enough.
 */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not part of the auth tests');
  }
}
const realtime = { transport: NoRealtime as unknown as typeof WebSocket };

export function anonClient(
  platform: Pick<TestPlatform, 'url'>,
  flowType: 'implicit' | 'pkce' = 'implicit',
): SupabaseClient {
  return createClient(platform.url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
    realtime,
  }) as SupabaseClient;
}

export function adminClient(platform: Pick<TestPlatform, 'url'>): SupabaseClient {
  return createClient(platform.url, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime,
  }) as SupabaseClient;
}

let counter = 0;
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Satisfies config.toml's lower_upper_letters_digits_symbols, length ≥ 8. */
export const STRONG_PASSWORD = 'Sterkt-Passord-42!';

/** The newest message to `to` (optionally of one kind); fails the test when there is none. */
export async function lastMessage(platform: TestPlatform, to: string, kind?: string): Promise<OutboxMessage> {
  const { messages } = await platform.outbox.list({ limit: 500 });
  const found = messages.find(
    (message) => message.to.toLowerCase() === to.toLowerCase() && (!kind || message.kind === kind),
  );
  if (!found) throw new Error(`no ${kind ?? ''} message to ${to} in the outbox`);
  return found;
}

export async function messagesTo(platform: TestPlatform, to: string): Promise<OutboxMessage[]> {
  const { messages } = await platform.outbox.list({ limit: 500 });
  return messages.filter((message) => message.to.toLowerCase() === to.toLowerCase());
}

/** The token_hash the app receives as `oobCode` in the e-mail's link. */
export function oobCode(message: OutboxMessage): string {
  const match =
    /oobCode=([^&"'\s<]+)/.exec(message.html.replace(/&amp;/g, '&')) ??
    /oobCode=([^&"'\s<]+)/.exec(message.text);
  if (!match?.[1]) throw new Error(`no oobCode in message ${message.subject}`);
  return decodeURIComponent(match[1]);
}

/** The numeric one-time code in an e-mail or SMS. */
export function otpCode(message: OutboxMessage, length = 6): string {
  const match = new RegExp(`\\b(\\d{${length}})\\b`).exec(message.text);
  if (!match?.[1]) throw new Error(`no code in message ${message.subject}: ${message.text}`);
  return match[1];
}

/** Decodes a JWT's payload without verifying (the test checks the claims). */
export function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Creates a confirmed user with the admin API and signs in; returns the client and session. */
export async function signedInUser(platform: TestPlatform, label = 'user') {
  const email = uniqueEmail(label);
  const admin = adminClient(platform);
  const created = await admin.auth.admin.createUser({
    email,
    password: STRONG_PASSWORD,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  const client = anonClient(platform);
  const { data, error } = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
  if (error || !data.session) throw error ?? new Error('no session');
  return { email, client, session: data.session, user: data.user };
}

/**
 * Follows the local provider page (auth/routes/authorize.ts) like a browser: GET the form, POST it
 * with `fields`, and return where the 303 leads. `inspect` sees the page's HTML first.
 */
export async function completeProviderPage(
  authorizeUrl: string,
  fields: Record<string, string>,
  inspect: (html: string) => void = () => undefined,
): Promise<URL> {
  const page = await fetch(authorizeUrl);
  if (page.status !== 200) throw new Error(`provider page answered ${page.status}`);
  const html = await page.text();
  inspect(html);
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '', authorizeUrl);
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state, ...fields }).toString(),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`provider form answered ${response.status}`);
  return new URL(response.headers.get('location') ?? '');
}
