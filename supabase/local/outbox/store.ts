/**
 * The outbox: every e-mail and SMS the platform "sends", kept in _platform.outbox_messages
 * (db/bootstrap/20-outbox.sql) so they survive a restart, as Mailpit keeps them under `supabase start`.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Db, Mailer, OutgoingMessage } from '../contracts.ts';
import { parseSearch, searchToSql } from './search.ts';

export interface Address {
  name: string;
  address: string;
}

export interface OutboxMessage {
  /** Mailpit-style database id (22 characters); what /api/v1/message/{ID} takes. */
  id: string;
  /** The Message-ID header's value, without angle brackets (as Mailpit shows it). */
  messageId: string;
  channel: 'email' | 'sms';
  /** What GoTrue would have sent, or `api` for e-mails posted to Mailpit's `POST /api/v1/send`. */
  kind: OutgoingMessage['kind'] | 'api';
  from: Address;
  /** An e-mail address, or a phone number for SMS. */
  to: string;
  subject: string;
  /** Empty for SMS. */
  html: string;
  text: string;
  createdAt: Date;
  read: boolean;
  /** Headers the sender set beyond From, To, Subject, Date and Message-ID (List-Unsubscribe, …). */
  headers: Record<string, string>;
  /** Files an API sender attached (a calendar file); none for auth e-mails and SMS. */
  attachments: OutboxAttachment[];
}

/** An attached file as Mailpit's send API takes it: the content in base64. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface ListOptions {
  /** Offset into the newest-first list. */
  start?: number;
  limit?: number;
  /** Mailpit search syntax (see search.ts); throws SearchError when malformed. */
  search?: string;
}

export interface ListResult {
  /** Newest first. */
  messages: OutboxMessage[];
  /** All messages in the outbox. */
  total: number;
  /** Unread messages in the outbox. */
  unread: number;
  /** Messages matching `search` (all when there is none). */
  matched: number;
  /** Unread messages matching `search`. */
  matchedUnread: number;
  /** Every tag in the outbox, as Mailpit lists them: 'sms' once there is an SMS. */
  tags: string[];
}

/** An e-mail posted to Mailpit's `POST /api/v1/send` (edge functions' mailer; see server.ts). */
export interface ApiEmail {
  from: Address;
  /** One address or more (stored as one message, addresses joined with ", "). */
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** Further headers (Mailpit's `Headers`), name → value. */
  headers?: Record<string, string>;
  attachments?: OutboxAttachment[];
}

export interface Outbox {
  /** Give this to the auth service: it stores instead of sending. */
  mailer: Mailer;
  /** Stores an e-mail sent through the API; returns its id. */
  sendEmail(message: ApiEmail): Promise<string>;
  list(options?: ListOptions): Promise<ListResult>;
  get(id: string): Promise<OutboxMessage | null>;
  /** Deletes the given messages, or all of them; returns how many went. */
  deleteAll(ids?: readonly string[]): Promise<number>;
  /** Returns false when there is no such message. */
  markRead(id: string, read?: boolean): Promise<boolean>;
}

export interface OutboxOptions {
  /** Sender of e-mails. SMS come from «Leadtorget» without an address. */
  emailFrom?: Address;
}

export const defaultEmailFrom: Address = { name: 'Leadtorget', address: 'noreply@leadtorget.local' };
const SMS_FROM: Address = { name: 'Leadtorget', address: '' };
const TABLE = '_platform.outbox_messages';
const COLUMNS =
  'id, message_id, channel, kind, from_name, from_address, to_address, subject, html, text, created_at, read, headers, attachments';

// Mailpit's ids are short UUIDs in this alphabet (no look-alike characters); ours look the same.
const ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export function newMessageId(): string {
  return Array.from({ length: 22 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');
}

interface Row {
  id: string;
  message_id: string;
  channel: 'email' | 'sms';
  kind: OutboxMessage['kind'];
  from_name: string;
  from_address: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  created_at: Date | string;
  read: boolean;
  headers: Record<string, string> | string | null;
  attachments: OutboxAttachment[] | string | null;
}

const fromRow = (row: Row): OutboxMessage => ({
  id: row.id,
  messageId: row.message_id,
  channel: row.channel,
  kind: row.kind,
  from: { name: row.from_name, address: row.from_address },
  to: row.to_address,
  subject: row.subject,
  html: row.html,
  text: row.text,
  // pg and PGlite both give Date for timestamptz; a string would come from a custom type parser.
  createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  read: row.read,
  // pg and PGlite parse jsonb; a string would come from a custom type parser.
  headers:
    typeof row.headers === 'string'
      ? (JSON.parse(row.headers) as Record<string, string>)
      : (row.headers ?? {}),
  attachments:
    typeof row.attachments === 'string'
      ? (JSON.parse(row.attachments) as OutboxAttachment[])
      : (row.attachments ?? []),
});

function toRow(
  message: OutgoingMessage,
  emailFrom: Address,
): Omit<Row, 'created_at' | 'read' | 'headers' | 'attachments'> {
  const id = newMessageId();
  const base = {
    id,
    message_id: `${randomUUID()}@leadtorget.local`,
    kind: message.kind,
    to_address: message.to,
  };
  return message.channel === 'email'
    ? {
        ...base,
        channel: 'email',
        from_name: emailFrom.name,
        from_address: emailFrom.address,
        subject: message.subject,
        html: message.html,
        text: message.text,
      }
    : // An SMS has no subject; its text is short, so the list shows it as one (and tests can read it there).
      {
        ...base,
        channel: 'sms',
        from_name: SMS_FROM.name,
        from_address: SMS_FROM.address,
        subject: message.text,
        html: '',
        text: message.text,
      };
}

const toCount = (value: unknown) => Number(value ?? 0);

export function createOutbox(db: Pick<Db, 'query'>, options: OutboxOptions = {}): Outbox {
  const emailFrom = options.emailFrom ?? defaultEmailFrom;

  const mailer: Mailer = {
    async send(message) {
      // The auth service builds these; an empty recipient is its bug, and should fail loudly there.
      if (!message.to.trim())
        throw new Error(`outbox: ${message.channel} (${message.kind}) without a recipient`);
      const row = toRow(message, emailFrom);
      await db.query(
        `insert into ${TABLE} (id, message_id, channel, kind, from_name, from_address, to_address, subject, html, text)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          row.id,
          row.message_id,
          row.channel,
          row.kind,
          row.from_name,
          row.from_address,
          row.to_address,
          row.subject,
          row.html,
          row.text,
        ],
      );
    },
  };

  return {
    mailer,

    async sendEmail(message) {
      const to = message.to.map((address) => address.trim()).filter((address) => address !== '');
      if (to.length === 0) throw new Error('outbox: e-mail without a recipient');
      const id = newMessageId();
      await db.query(
        `insert into ${TABLE} (id, message_id, channel, kind, from_name, from_address, to_address, subject, html, text, headers, attachments)
         values ($1, $2, 'email', 'api', $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb)`,
        [
          id,
          `${randomUUID()}@leadtorget.local`,
          message.from.name,
          message.from.address,
          to.join(', '),
          message.subject,
          message.html,
          message.text,
          JSON.stringify(message.headers ?? {}),
          JSON.stringify(message.attachments ?? []),
        ],
      );
      return id;
    },

    async list({ start = 0, limit = 50, search } = {}) {
      const params: unknown[] = [];
      const where = search === undefined ? 'true' : searchToSql(parseSearch(search), params);
      const [counts, page] = await Promise.all([
        db.query<{
          total: unknown;
          unread: unknown;
          matched: unknown;
          matched_unread: unknown;
          has_sms: boolean | null;
        }>(
          `select count(*) as total, count(*) filter (where not read) as unread,
                  count(*) filter (where ${where}) as matched,
                  count(*) filter (where (${where}) and not read) as matched_unread,
                  bool_or(channel = 'sms') as has_sms
             from ${TABLE}`,
          params,
        ),
        db.query<Row>(
          // seq is the insertion order: "newest first" even for two messages in the same microsecond.
          `select ${COLUMNS} from ${TABLE} where ${where} order by seq desc
            limit $${params.length + 1} offset $${params.length + 2}`,
          [...params, limit, start],
        ),
      ]);
      const row = counts.rows[0];
      return {
        messages: page.rows.map(fromRow),
        total: toCount(row?.total),
        unread: toCount(row?.unread),
        matched: toCount(row?.matched),
        matchedUnread: toCount(row?.matched_unread),
        tags: row?.has_sms ? ['sms'] : [],
      };
    },

    async get(id) {
      const { rows } = await db.query<Row>(`select ${COLUMNS} from ${TABLE} where id = $1`, [id]);
      return rows[0] ? fromRow(rows[0]) : null;
    },

    async deleteAll(ids) {
      const result =
        ids === undefined
          ? await db.query(`delete from ${TABLE} returning id`)
          : await db.query(`delete from ${TABLE} where id = any($1::text[]) returning id`, [[...ids]]);
      return result.rows.length;
    },

    async markRead(id, read = true) {
      const { rows } = await db.query(`update ${TABLE} set read = $2 where id = $1 returning id`, [id, read]);
      return rows.length > 0;
    },
  };
}
