import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../contracts.ts';
import { startOutboxServer, type OutboxServer } from './server.ts';
import { createOutbox, type Outbox } from './store.ts';
import { emailMessage, smsMessage } from './templates.ts';
import { createTestDb } from './test-db.ts';

const vars = {
  siteUrl: 'http://localhost:5173',
  token: '123456',
  tokenHash: 'f0e1d2c3b4a5f0e1d2c3b4a5',
  email: 'ola@example.com',
  redirectTo: 'http://localhost:5173/leads',
};

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

async function getJson<T = Record<string, unknown>>(path: string, init?: RequestInit): Promise<[number, T]> {
  const response = await fetch(`${base}${path}`, init);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return [response.status, (await response.json()) as T];
}

interface Summary {
  ID: string;
  To: { Name: string; Address: string }[];
  Subject: string;
  Read: boolean;
  Tags: string[];
  Snippet: string;
}
interface List {
  total: number;
  unread: number;
  count: number;
  messages_count: number;
  start: number;
  tags: string[];
  messages: Summary[];
}

async function seed() {
  await outbox.mailer.send(emailMessage('confirmation', 'ola@example.com', vars));
  await outbox.mailer.send(smsMessage('sms_otp', '+4712345678', '654321', 300));
  await outbox.mailer.send(emailMessage('magic_link', 'kari@example.com', vars));
}

describe('GET /api/v1/messages', () => {
  it("answers in Mailpit's shape, newest first", async () => {
    await seed();
    const [status, body] = await getJson<List>('/api/v1/messages');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      total: 3,
      unread: 3,
      count: 3,
      messages_count: 3,
      messages_unread: 3,
      start: 0,
      tags: ['sms'],
    });
    expect(body.messages.map((m) => m.To[0]!.Address)).toEqual([
      'kari@example.com',
      '+4712345678',
      'ola@example.com',
    ]);
    const [magicLink, sms] = body.messages;
    expect(magicLink).toEqual({
      ID: expect.stringMatching(/^\w{22}$/) as unknown,
      MessageID: expect.stringMatching(/@leadtorget\.local$/) as unknown,
      Read: false,
      From: { Name: 'Leadtorget', Address: 'noreply@leadtorget.local' },
      To: [{ Name: '', Address: 'kari@example.com' }],
      Cc: [],
      Bcc: [],
      ReplyTo: [],
      Subject: 'Logg inn på Leadtorget',
      Created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
      Tags: [],
      Size: expect.any(Number) as unknown,
      Attachments: 0,
      Snippet: expect.stringMatching(
        /^Leadtorget Logg inn på Leadtorget Hei, Du har bedt om å logge inn/,
      ) as unknown,
    });
    expect(magicLink!.Snippet.length).toBeLessThanOrEqual(253);
    expect(sms).toMatchObject({
      From: { Name: 'Leadtorget', Address: '' },
      To: [{ Name: '', Address: '+4712345678' }],
      Subject: 'Koden din for Leadtorget er 654321. Den gjelder i 5 minutter.',
      Tags: ['sms'],
    });
  });

  it('pages with limit and start', async () => {
    await seed();
    const [, body] = await getJson<List>('/api/v1/messages?limit=1&start=1');
    expect(body).toMatchObject({ total: 3, count: 1, messages_count: 3, start: 1 });
    expect(body.messages[0]!.To[0]!.Address).toBe('+4712345678');
    // Mailpit treats limit=0 as its default (50).
    expect((await getJson<List>('/api/v1/messages?limit=0'))[1].count).toBe(3);
  });

  it('refuses malformed paging with 400 JSON', async () => {
    for (const query of [
      'limit=abc',
      'start=-1',
      'limit=1.5',
      'start=99999999999999999999',
      'limit=100001',
    ]) {
      const [status, body] = await getJson(`/api/v1/messages?${query}`);
      expect(status, query).toBe(400);
      expect(body).toHaveProperty('error');
    }
  });
});

describe('GET /api/v1/message/{ID}', () => {
  it('returns the whole message and marks it read', async () => {
    await seed();
    const [, list] = await getJson<List>('/api/v1/search?query=to:ola@example.com');
    const id = list.messages[0]!.ID;
    const [status, message] = await getJson<Record<string, unknown>>(`/api/v1/message/${id}`);
    expect(status).toBe(200);
    expect(Object.keys(message).sort()).toEqual(
      [
        'ID',
        'MessageID',
        'From',
        'To',
        'Cc',
        'Bcc',
        'ReplyTo',
        'ReturnPath',
        'Subject',
        'Date',
        'Tags',
        'Text',
        'HTML',
        'Size',
        'Inline',
        'Attachments',
      ].sort(),
    );
    expect(message).toMatchObject({
      ID: id,
      Subject: 'Bekreft e-postadressen din',
      To: [{ Name: '', Address: 'ola@example.com' }],
      Inline: [],
      Attachments: [],
    });
    const link = `http://localhost:5173/auth/management?mode=verifyEmail&oobCode=${vars.tokenHash}&redirect_to=http%3A%2F%2Flocalhost%3A5173%2Fleads`;
    expect(message.HTML).toContain(`href="${link}"`);
    expect(message.Text).toContain(link);
    expect(message.Text).toContain('123456');

    const [, after] = await getJson<List>('/api/v1/messages');
    expect(after.unread).toBe(2);
    expect(after.messages.find((m) => m.ID === id)?.Read).toBe(true);
  });

  it('takes "latest" like Mailpit', async () => {
    await seed();
    const [status, message] = await getJson('/api/v1/message/latest');
    expect(status).toBe(200);
    expect(message.Subject).toBe('Logg inn på Leadtorget');
  });

  it('answers 404 JSON for an unknown or malformed id', async () => {
    for (const id of ['nope', 'latest', '%E0%A4%A', 'x%27%3B']) {
      const [status, body] = await getJson(`/api/v1/message/${id}`);
      expect([400, 404], id).toContain(status);
      expect(body).toHaveProperty('error');
    }
  });
});

describe('DELETE /api/v1/messages', () => {
  it('deletes the given IDs', async () => {
    await seed();
    const [, list] = await getJson<List>('/api/v1/messages');
    const ids = list.messages.slice(0, 2).map((m) => m.ID);
    const response = await fetch(`${base}/api/v1/messages`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ IDs: ids }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
    const [, after] = await getJson<List>('/api/v1/messages');
    expect(after.messages.map((m) => m.To[0]!.Address)).toEqual(['ola@example.com']);
  });

  it('deletes everything without a body, or with no IDs', async () => {
    for (const body of [undefined, '{}', '{"IDs":[]}']) {
      await seed();
      const response = await fetch(`${base}/api/v1/messages`, { method: 'DELETE', body });
      expect(response.status, body).toBe(200);
      expect((await getJson<List>('/api/v1/messages'))[1].total, body).toBe(0);
    }
  });

  it('refuses malformed bodies with 400 JSON and deletes nothing', async () => {
    await seed();
    for (const body of ['{', '[]', 'null', '"x"', '{"IDs":"abc"}', '{"IDs":[1,2]}']) {
      const [status, error] = await getJson(`/api/v1/messages`, { method: 'DELETE', body });
      expect(status, body).toBe(400);
      expect(error).toHaveProperty('error');
    }
    expect((await getJson<List>('/api/v1/messages'))[1].total).toBe(3);
  });

  it('refuses a huge body with 413', async () => {
    const [status] = await getJson('/api/v1/messages', {
      method: 'DELETE',
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(status).toBe(413);
  });
});

describe('GET /api/v1/search', () => {
  it('finds by to: and by words in the subject', async () => {
    await seed();
    const [, byTo] = await getJson<List>(`/api/v1/search?query=${encodeURIComponent('to:kari@example.com')}`);
    expect(byTo).toMatchObject({ total: 3, messages_count: 1, messages_unread: 1, count: 1 });
    expect(byTo.messages[0]!.Subject).toBe('Logg inn på Leadtorget');

    const [, bySubject] = await getJson<List>(`/api/v1/search?query=${encodeURIComponent('Bekreft')}`);
    expect(bySubject.messages.map((m) => m.Subject)).toEqual(['Bekreft e-postadressen din']);

    const [, sms] = await getJson<List>(`/api/v1/search?query=${encodeURIComponent('to:+4712345678')}`);
    expect(sms.messages[0]!.Snippet).toContain('654321');
  });

  it('needs a query', async () => {
    for (const query of ['', '?query=', '?query=%20%20']) {
      const [status, body] = await getJson(`/api/v1/search${query}`);
      expect(status).toBe(400);
      expect(body).toHaveProperty('error');
    }
    const [status] = await getJson(`/api/v1/search?query=${'a'.repeat(1500)}`);
    expect(status).toBe(400);
  });
});

describe('the page', () => {
  it('lists messages in Norwegian and shows one, its HTML in a sandboxed iframe', async () => {
    await seed();
    const [, list] = await getJson<List>('/api/v1/messages');
    const confirmation = list.messages.find((m) => m.Subject === 'Bekreft e-postadressen din')!;

    const index = await fetch(`${base}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await index.text();
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain('<h1>Utboks</h1>');
    expect(html).toContain('3 meldinger, 3 uleste');
    expect(html).toContain('+4712345678');
    expect(html).toContain('<th scope="col">Emne</th>');

    const page = await (await fetch(`${base}/?id=${confirmation.ID}`)).text();
    expect(page).toContain('<h2 id="melding-tittel">Bekreft e-postadressen din</h2>');
    expect(page).toMatch(
      new RegExp(
        `<iframe src="/view/${confirmation.ID}\\.html"[^>]*\\s+sandbox="allow-popups allow-popups-to-escape-sandbox"`,
      ),
    );
    expect(page).toContain('E-post – Bekreftelse av e-postadresse');

    const view = await fetch(`${base}/view/${confirmation.ID}.html`);
    expect(view.headers.get('content-security-policy')).toMatch(/^sandbox /);
    const viewHtml = await view.text();
    expect(viewHtml).toContain('<base target="_blank">');
    expect(viewHtml).toContain('/auth/management?mode=verifyEmail');
  });

  it('shows SMS as text and escapes everything it shows', async () => {
    await outbox.mailer.send({
      channel: 'sms',
      kind: 'sms_otp',
      to: '<script>x</script>',
      text: '<b>kode</b>',
    });
    const html = await (await fetch(`${base}/?id=latest`)).text();
    expect(html).not.toContain('<script>x');
    expect(html).not.toContain('<b>kode');
    expect(html).toContain('&lt;b&gt;kode&lt;/b&gt;');
    expect(html).toContain('SMS – Engangskode');
  });

  it('says so when a message is gone, and 404s its view', async () => {
    const html = await (await fetch(`${base}/?id=borte`)).text();
    expect(html).toContain('Fant ingen melding med id borte');
    expect(html).toContain('Ingen meldinger ennå');
    expect((await fetch(`${base}/view/borte.html`)).status).toBe(404);
  });

  it('empties the outbox from its form, but not for another site', async () => {
    await seed();
    const crossSite = await fetch(`${base}/delete-all`, {
      method: 'POST',
      headers: { Origin: 'http://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await getJson<List>('/api/v1/messages'))[1].total).toBe(3);

    const sameSite = await fetch(`${base}/delete-all`, { method: 'POST', redirect: 'manual' });
    expect(sameSite.status).toBe(303);
    expect(sameSite.headers.get('location')).toBe('/');
    expect((await getJson<List>('/api/v1/messages'))[1].total).toBe(0);
  });
});

describe('bad requests', () => {
  it('answers unknown paths and wrong methods with 4xx JSON', async () => {
    expect((await getJson('/api/v1/nothing'))[0]).toBe(404);
    expect((await getJson('/api/v1/messages', { method: 'POST', body: '{}' }))[0]).toBe(405);
    expect((await getJson('/api/v1/message/latest', { method: 'DELETE' }))[0]).toBe(405);
    expect((await getJson('/nowhere'))[0]).toBe(404);
  });

  it('survives garbage on the socket and keeps serving', async () => {
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(server.port, '127.0.0.1', () =>
        socket.write('NONSENSE \x00\x01 HTTP/9\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);

    // An absolute-form request target is still routed by its path.
    const status = await new Promise<number>((resolve) => {
      request({ port: server.port, host: '127.0.0.1', path: 'http://other.host/api/v1/messages' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).end();
    });
    expect(status).toBe(200);
    expect((await fetch(`${base}/api/v1/messages`)).status).toBe(200);
  });
});
