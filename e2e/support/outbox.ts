import { expect } from '@playwright/test';

/**
 * The outbox of `npm start` (Mailpit's API on :54324; supabase/local/README.md «Outbox»): every
 * e-mail and SMS the platform and the functions send. Tests use fresh addresses, so "the newest
 * message to X" is theirs.
 */
export const OUTBOX_URL = 'http://127.0.0.1:54324';

export interface OutboxSummary {
  ID: string;
  To: { Address: string }[];
  Subject: string;
  Tags: string[];
  Created: string;
  Snippet: string;
}

export interface OutboxMessage extends OutboxSummary {
  Text: string;
  HTML: string;
  Attachments: { PartID: string; FileName: string; ContentType: string }[];
}

async function json<T>(path: string): Promise<T> {
  const response = await fetch(`${OUTBOX_URL}${path}`);
  if (!response.ok) throw new Error(`outbox ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every message to `address` (an e-mail address or a phone number, with or without +), newest first. */
export async function messagesTo(address: string): Promise<OutboxSummary[]> {
  const wanted = address.replace(/^\+/u, '').toLowerCase();
  const isPhone = /^\d+$/u.test(wanted);
  const list = isPhone
    ? (await json<{ messages: OutboxSummary[] }>('/api/v1/messages?limit=200')).messages
    : (
        await json<{ messages: OutboxSummary[] }>(
          `/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`,
        )
      ).messages;
  return list
    .filter((message) => message.To.some((to) => to.Address.replace(/^\+/u, '').toLowerCase() === wanted))
    .sort((a, b) => b.Created.localeCompare(a.Created));
}

export async function readMessage(id: string): Promise<OutboxMessage> {
  return json<OutboxMessage>(`/api/v1/message/${encodeURIComponent(id)}`);
}

/** A message's headers, name → values (Mailpit's `GET /api/v1/message/{ID}/headers`). */
export async function readHeaders(id: string): Promise<Record<string, string[]>> {
  return json<Record<string, string[]>>(`/api/v1/message/${encodeURIComponent(id)}/headers`);
}

/**
 * Waits for a message to `address` that arrived after `since` (ms; default: any) and matches
 * `subject` if given, and returns it in full.
 */
export async function waitForMessage(
  address: string,
  options: { since?: number; subject?: string | RegExp; sms?: boolean; timeout?: number } = {},
): Promise<OutboxMessage> {
  let found: OutboxSummary | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesTo(address)).find(
          (message) =>
            (options.since === undefined || Date.parse(message.Created) >= options.since - 1000) &&
            (options.sms === undefined || message.Tags.includes('sms') === options.sms) &&
            (options.subject === undefined ||
              (typeof options.subject === 'string'
                ? message.Subject === options.subject
                : options.subject.test(message.Subject))),
        );
        return Boolean(found);
      },
      { message: `a message to ${address} in the outbox`, timeout: options.timeout ?? 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no message to ${address}`);
  return readMessage(found.ID);
}

/** The text of the message's first attachment whose file name ends with `ending` (e.g. `.ics`). */
export async function attachmentText(message: OutboxMessage, ending: string): Promise<string> {
  const part = message.Attachments.find((attachment) => attachment.FileName.endsWith(ending));
  if (!part) throw new Error(`no ${ending} attached to «${message.Subject}»`);
  const response = await fetch(
    `${OUTBOX_URL}/api/v1/message/${encodeURIComponent(message.ID)}/part/${encodeURIComponent(part.PartID)}`,
  );
  if (!response.ok) throw new Error(`outbox part ${part.PartID}: ${response.status}`);
  return response.text();
}

/** The first link in the message whose URL contains `contains` (the HTML's href, entities decoded). */
export function extractLink(message: OutboxMessage, contains = '/auth/'): string {
  const hrefs = [...message.HTML.matchAll(/href="([^"]+)"/gu)].map((match) =>
    (match[1] ?? '').replaceAll('&amp;', '&'),
  );
  const text = [...message.Text.matchAll(/https?:\/\/\S+/gu)].map((match) => match[0]);
  const link = [...hrefs, ...text].find((candidate) => candidate.includes(contains));
  if (!link) throw new Error(`no link containing ${contains} in «${message.Subject}»`);
  return link;
}

/** The 6-digit code in an e-mail or SMS. */
export function extractCode(message: OutboxMessage): string {
  // E-mails show the code in bold (supabase/templates); an SMS is only the text. Whole words only,
  // so digits inside a link's token hash never count.
  const code =
    /<strong[^>]*>\s*(\d{6})\s*<\/strong>/u.exec(message.HTML)?.[1] ??
    /(?:^|\s)(\d{6})(?=$|[\s.,])/u.exec(message.Text)?.[1];
  if (!code) throw new Error(`no 6-digit code in «${message.Subject}»`);
  return code;
}
