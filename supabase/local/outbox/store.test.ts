import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../contracts.ts';
import { SearchError } from './search.ts';
import { createOutbox, newMessageId } from './store.ts';
import { emailMessage, smsMessage } from './templates.ts';
import { createTestDb, outboxBootstrapSql, pgliteDb } from './test-db.ts';

const vars = {
  siteUrl: 'http://localhost:5173',
  token: '123456',
  tokenHash: 'abc123',
  email: 'ola@example.com',
};

describe('outbox store', () => {
  // One database for the block (PGlite takes a second or two to start); emptied before each test.
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await createOutbox(db).deleteAll();
  });

  it('keeps e-mails and SMS, newest first', async () => {
    const outbox = createOutbox(db);
    await outbox.mailer.send(emailMessage('confirmation', 'ola@example.com', vars));
    await outbox.mailer.send(smsMessage('sms_otp', '+4712345678', '654321', 300));
    await outbox.mailer.send(emailMessage('magic_link', 'kari@example.com', vars));

    const { messages, ...counts } = await outbox.list();
    expect(counts).toEqual({ total: 3, unread: 3, matched: 3, matchedUnread: 3, tags: ['sms'] });
    expect(messages.map((m) => [m.channel, m.kind, m.to])).toEqual([
      ['email', 'magic_link', 'kari@example.com'],
      ['sms', 'sms_otp', '+4712345678'],
      ['email', 'confirmation', 'ola@example.com'],
    ]);
    const [, sms, confirmation] = messages;
    expect(sms).toMatchObject({
      from: { name: 'Leadtorget', address: '' },
      subject: 'Koden din for Leadtorget er 654321. Den gjelder i 5 minutter.',
      html: '',
      read: false,
    });
    expect(confirmation).toMatchObject({
      from: { name: 'Leadtorget', address: 'noreply@leadtorget.local' },
      subject: 'Bekreft e-postadressen din',
    });
    expect(confirmation!.id).toMatch(/^[2-9A-HJ-NP-Za-km-z]{22}$/);
    expect(confirmation!.messageId).toMatch(/@leadtorget\.local$/);
    expect(confirmation!.createdAt).toBeInstanceOf(Date);
  });

  it('pages with start and limit', async () => {
    const outbox = createOutbox(db);
    for (let i = 0; i < 5; i++) await outbox.mailer.send(smsMessage('sms_otp', `+47${i}`, '1', 60));
    const page = await outbox.list({ start: 1, limit: 2 });
    expect(page.messages.map((m) => m.to)).toEqual(['+473', '+472']);
    expect(page.total).toBe(5);
  });

  it('gets, marks read and deletes', async () => {
    const outbox = createOutbox(db);
    await outbox.mailer.send(emailMessage('recovery', 'a@example.com', vars));
    await outbox.mailer.send(emailMessage('recovery', 'b@example.com', vars));
    await outbox.mailer.send(emailMessage('recovery', 'c@example.com', vars));
    const [c, b, a] = (await outbox.list()).messages;

    expect((await outbox.get(a!.id))?.to).toBe('a@example.com');
    expect(await outbox.get('nope')).toBeNull();

    expect(await outbox.markRead(a!.id)).toBe(true);
    expect(await outbox.markRead('nope')).toBe(false);
    expect((await outbox.get(a!.id))?.read).toBe(true);
    expect((await outbox.list()).unread).toBe(2);

    expect(await outbox.deleteAll([a!.id, b!.id, 'nope'])).toBe(2);
    expect((await outbox.list()).messages.map((m) => m.id)).toEqual([c!.id]);
    expect(await outbox.deleteAll()).toBe(1);
    expect((await outbox.list()).total).toBe(0);
  });

  it('searches like Mailpit', async () => {
    const outbox = createOutbox(db);
    await outbox.mailer.send(emailMessage('confirmation', 'Ola.Nordmann@Example.com', vars));
    await outbox.mailer.send(emailMessage('magic_link', 'kari@example.com', vars));
    await outbox.mailer.send(smsMessage('sms_otp', '+4799999999', '424242', 60));
    const found = async (search: string) => (await outbox.list({ search })).messages.map((m) => m.to);

    expect(await found('to:ola.nordmann@example.com')).toEqual(['Ola.Nordmann@Example.com']);
    expect(await found('to:example.com')).toEqual(['kari@example.com', 'Ola.Nordmann@Example.com']);
    expect(await found('logg inn')).toEqual(['kari@example.com']); // free words: subject and body
    expect(await found('"Logg inn på"')).toEqual(['kari@example.com']);
    expect(await found('subject:bekreft')).toEqual(['Ola.Nordmann@Example.com']);
    expect(await found('424242')).toEqual(['+4799999999']);
    expect(await found('tag:sms')).toEqual(['+4799999999']);
    expect(await found('-tag:sms to:example')).toHaveLength(2);
    expect(await found('!to:kari')).toEqual(['+4799999999', 'Ola.Nordmann@Example.com']);
    expect(await found('from:leadtorget is:unread')).toHaveLength(3);
    expect(await found('is:read')).toEqual([]);
    // LIKE wildcards in the query are literal characters.
    expect(await found('to:%')).toEqual([]);
    expect(await found("to:'; drop table _platform.outbox_messages; --")).toEqual([]);
    expect((await outbox.list({ search: 'to:kari' })).matched).toBe(1);
    expect((await outbox.list({ search: 'to:kari' })).total).toBe(3);
    await expect(outbox.list({ search: 'x'.repeat(2000) })).rejects.toThrow(SearchError);
  });

  it('refuses a message without a recipient', async () => {
    const outbox = createOutbox(db);
    await expect(outbox.mailer.send(smsMessage('sms_otp', ' ', '1', 60))).rejects.toThrow(
      /without a recipient/,
    );
  });

  it('makes Mailpit-like ids', () => {
    const ids = new Set(Array.from({ length: 1000 }, newMessageId));
    expect(ids.size).toBe(1000);
  });
});

describe('persistence', () => {
  it('keeps messages across a restart of the platform on the same data', async () => {
    const pg = new PGlite(); // the same database, a new outbox: what a restart does
    const db = pgliteDb(pg);
    await db.exec(outboxBootstrapSql);
    await createOutbox(db).mailer.send(emailMessage('invite', 'ola@example.com', vars));

    await db.exec(outboxBootstrapSql); // the bootstrap runs again on every boot
    const again = createOutbox(db);
    const { messages } = await again.list();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: 'ola@example.com', kind: 'invite' });
    await pg.close();
  });

  it('keeps messages in a persisted data directory across processes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    try {
      const first = pgliteDb(new PGlite(dir));
      await first.exec(outboxBootstrapSql);
      await createOutbox(first).mailer.send(smsMessage('sms_otp', '+4712345678', '111111', 60));
      await first.close();

      const second = pgliteDb(new PGlite(dir));
      await second.exec(outboxBootstrapSql);
      expect((await createOutbox(second).list()).messages.map((m) => m.text)).toEqual([
        'Koden din for Leadtorget er 111111. Den gjelder i 1 minutt.',
      ]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
