/** Mailpit's `POST /api/v1/send` on the outbox: what edge functions send locally lands beside auth e-mails. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../contracts.ts';
import { startOutboxServer, type OutboxServer } from './server.ts';
import { createOutbox, type Outbox } from './store.ts';
import { createTestDb } from './test-db.ts';

let db: Db;
let outbox: Outbox;
let server: OutboxServer;
let base: string;

beforeAll(async () => {
  db = await createTestDb();
  outbox = createOutbox(db);
  server = await startOutboxServer(outbox, { port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server.stop();
  await db.close();
});

beforeEach(async () => {
  await outbox.deleteAll();
});

const send = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/v1/send`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /api/v1/send', () => {
  it('keeps an attachment: counted in the list, named in the message, served as its part', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nSUMMARY:Befaring hos Fjord Rør\r\nEND:VCALENDAR\r\n';
    const response = await send({
      From: { Email: 'noreply@leadtorget.local', Name: 'Fjord Rør AS' },
      To: [{ Email: 'kari@example.no', Name: '' }],
      Subject: 'Bestillingen er bekreftet',
      Text: 'Se vedlegget.',
      Attachments: [
        {
          Filename: 'invitasjon.ics',
          ContentType: 'text/calendar; charset=utf-8; method=REQUEST',
          Content: Buffer.from(ics).toString('base64'),
        },
      ],
    });
    const { ID } = (await response.json()) as { ID: string };
    const list = (await (await fetch(`${base}/api/v1/messages`)).json()) as {
      messages: { Attachments: number }[];
    };
    expect(list.messages[0]!.Attachments).toBe(1);
    const message = (await (await fetch(`${base}/api/v1/message/${ID}`)).json()) as {
      Attachments: { PartID: string; FileName: string; ContentType: string; Size: number }[];
    };
    expect(message.Attachments).toEqual([
      {
        PartID: '2',
        FileName: 'invitasjon.ics',
        ContentType: 'text/calendar; charset=utf-8; method=REQUEST',
        ContentID: '',
        Size: Buffer.byteLength(ics),
      },
    ]);
    const part = await fetch(`${base}/api/v1/message/${ID}/part/2`);
    expect(part.headers.get('content-type')).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(await part.text()).toBe(ics);
    expect((await fetch(`${base}/api/v1/message/${ID}/part/3`)).status).toBe(404);
  });

  it('refuses an attachment that is not base64 or has no name', async () => {
    const mail = { From: { Email: 'a@b.no' }, To: [{ Email: 'c@d.no' }], Subject: 'x' };
    expect(
      (await send({ ...mail, Attachments: [{ Filename: 'a.ics', Content: 'ikke base64!' }] })).status,
    ).toBe(400);
    expect((await send({ ...mail, Attachments: [{ Content: 'QQ==' }] })).status).toBe(400);
  });

  it('stores the e-mail and answers its ID; the list and the message show it as Mailpit would', async () => {
    const response = await send({
      From: { Email: 'noreply@leadtorget.local', Name: 'Leadtorget' },
      To: [{ Email: 'ola@example.com', Name: 'Ola' }],
      Subject: 'Logg inn på Håndverkertorget',
      Text: 'Åpne lenken: http://localhost:5173/auth/abc',
      HTML: '<p>Åpne <a href="http://localhost:5173/auth/abc">lenken</a></p>',
      Tags: ['magic-link'],
    });
    expect(response.status).toBe(200);
    const { ID } = (await response.json()) as { ID: string };
    expect(ID).toMatch(/^[2-9A-Za-z]{22}$/);

    const list = (await (await fetch(`${base}/api/v1/messages`)).json()) as {
      total: number;
      messages: { ID: string; From: unknown; To: unknown; Subject: string }[];
    };
    expect(list.total).toBe(1);
    expect(list.messages[0]).toMatchObject({
      ID,
      From: { Name: 'Leadtorget', Address: 'noreply@leadtorget.local' },
      To: [{ Name: '', Address: 'ola@example.com' }],
      Subject: 'Logg inn på Håndverkertorget',
    });
    const message = (await (await fetch(`${base}/api/v1/message/${ID}`)).json()) as {
      Text: string;
      HTML: string;
    };
    expect(message.Text).toBe('Åpne lenken: http://localhost:5173/auth/abc');
    expect(message.HTML).toContain('href="http://localhost:5173/auth/abc"');
    // Searchable like the rest.
    const found = (await (await fetch(`${base}/api/v1/search?query=to:ola@example.com`)).json()) as {
      messages_count: number;
    };
    expect(found.messages_count).toBe(1);
  });

  it('keeps every To, Cc and Bcc address, and makes text from HTML when Text is missing', async () => {
    const response = await send({
      From: { Email: 'a@example.com' },
      To: [{ Email: 'b@example.com' }, { Email: 'c@example.com' }],
      Cc: [{ Email: 'd@example.com' }],
      Bcc: [{ Email: 'e@example.com' }],
      Subject: 'Hei',
      HTML: '<p>Hei <strong>der</strong></p>',
    });
    expect(response.status).toBe(200);
    const { ID } = (await response.json()) as { ID: string };
    const stored = await outbox.get(ID);
    expect(stored).toMatchObject({
      kind: 'api',
      to: 'b@example.com, c@example.com, d@example.com, e@example.com',
      text: 'Hei der',
    });
    const message = (await (await fetch(`${base}/api/v1/message/${ID}`)).json()) as { To: unknown[] };
    expect(message.To).toHaveLength(4);
  });

  it('keeps the headers the sender set (List-Unsubscribe) and shows them as Mailpit does', async () => {
    const unsubscribe = '<http://127.0.0.1:54321/functions/v1/unsubscribe?kind=calendar&id=x&token=y>';
    const response = await send({
      From: { Email: 'noreply@leadtorget.local' },
      To: [{ Email: 'kari@example.com' }],
      Subject: 'Luke 5 er åpen',
      Text: 'Hei',
      Headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(response.status).toBe(200);
    const { ID } = (await response.json()) as { ID: string };
    expect((await outbox.get(ID))?.headers).toEqual({
      'List-Unsubscribe': unsubscribe,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const headers = (await (await fetch(`${base}/api/v1/message/${ID}/headers`)).json()) as Record<
      string,
      string[]
    >;
    expect(headers).toMatchObject({
      'List-Unsubscribe': [unsubscribe],
      'List-Unsubscribe-Post': ['List-Unsubscribe=One-Click'],
      To: ['kari@example.com'],
      Subject: ['Luke 5 er åpen'],
    });
    expect((await fetch(`${base}/api/v1/message/nope/headers`)).status).toBe(404);
    // The viewer lists them beside From and To.
    const page = await (await fetch(`${base}/?id=${ID}`)).text();
    expect(page).toContain('<dt>List-Unsubscribe-Post</dt><dd>List-Unsubscribe=One-Click</dd>');
  });

  it('an e-mail without headers has none beyond the usual ones', async () => {
    const response = await send({ From: { Email: 'a@example.com' }, To: [{ Email: 'b@example.com' }] });
    const { ID } = (await response.json()) as { ID: string };
    expect((await outbox.get(ID))?.headers).toEqual({});
    const headers = (await (await fetch(`${base}/api/v1/message/${ID}/headers`)).json()) as object;
    expect(Object.keys(headers).sort()).toEqual(['Date', 'From', 'Message-Id', 'Subject', 'To']);
  });

  it('answers 400 for bad input and stores nothing', async () => {
    const bad: unknown[] = [
      '{nope',
      '[]',
      {},
      { From: { Email: 'not an address' }, To: [{ Email: 'b@example.com' }] },
      { From: 'a@example.com', To: [{ Email: 'b@example.com' }] },
      { From: { Email: 'a@example.com' } },
      { From: { Email: 'a@example.com' }, To: [] },
      { From: { Email: 'a@example.com' }, To: { Email: 'b@example.com' } },
      { From: { Email: 'a@example.com' }, To: [{ Email: 'b@' }] },
      { From: { Email: 'a@example.com' }, To: [{ Email: 'b@example.com' }], Subject: 42 },
      { From: { Email: 'a@example.com' }, To: [{ Email: 'b@example.com' }], Tags: 'x' },
      { From: { Email: 'a@example.com' }, To: [{ Email: 'b@example.com' }], Headers: ['x'] },
      { From: { Email: 'a@example.com' }, To: [{ Email: 'b@example.com' }], Headers: { 'X-A': 1 } },
      { From: { Email: 'a@example.com' }, To: [{ Email: 'b@example.com' }], Headers: { 'X A': 'b' } },
      {
        From: { Email: 'a@example.com' },
        To: [{ Email: 'b@example.com' }],
        Headers: { 'X-A': 'b\r\nBcc: c@d.no' },
      },
    ];
    for (const body of bad) {
      const response = await send(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toEqual(expect.any(String));
    }
    expect((await outbox.list()).total).toBe(0);
  });

  it('allows POST only, and not from another site', async () => {
    const get = await fetch(`${base}/api/v1/send`);
    expect(get.status).toBe(405);
    const crossSite = await send(
      { From: { Email: 'a@example.com' }, To: [{ Email: 'b@example.com' }] },
      { 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect((await outbox.list()).total).toBe(0);
  });
});
