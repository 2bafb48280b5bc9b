import assert from 'node:assert/strict';
import { mailerFromEnv, type Mail } from './mailer.ts';

const MAIL: Mail = {
  to: 'kari@example.no',
  subject: 'Luke 5 er åpen',
  html: '<p>Hei</p>',
  text: 'Hei',
  tags: ['calendar-reminder'],
  headers: {
    'List-Unsubscribe': '<https://api.example/functions/v1/unsubscribe?token=t>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

/** A fetch that records each request's URL and JSON body and answers 200. */
function recorder() {
  const requests: { url: string; body: Record<string, unknown> }[] = [];
  const fetchImpl = ((input: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(input), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return Promise.resolve(new Response('{}', { status: 200 }));
  }) as typeof fetch;
  return { requests, fetchImpl };
}

Deno.test('Resend gets the mail headers (List-Unsubscribe and List-Unsubscribe-Post)', async () => {
  const { requests, fetchImpl } = recorder();
  const env = new Map([
    ['RESEND_API_KEY', 're_test'],
    ['MAILER_FROM', 'Leadtorget <noreply@leadtorget.no>'],
  ]);
  await mailerFromEnv(env, fetchImpl).send(MAIL);
  assert.equal(requests[0]!.url, 'https://api.resend.com/emails');
  assert.deepEqual(requests[0]!.body.headers, MAIL.headers);
});

Deno.test("Mailpit's send API (the local outbox) gets the mail headers", async () => {
  const { requests, fetchImpl } = recorder();
  await mailerFromEnv(new Map([['MAILPIT_URL', 'http://outbox.test/']]), fetchImpl).send(MAIL);
  assert.equal(requests[0]!.url, 'http://outbox.test/api/v1/send');
  assert.deepEqual(requests[0]!.body.Headers, MAIL.headers);
});

Deno.test('a mail without headers sends none', async () => {
  const { requests, fetchImpl } = recorder();
  await mailerFromEnv(new Map([['MAILPIT_URL', 'http://outbox.test']]), fetchImpl).send({
    ...MAIL,
    headers: undefined,
  });
  assert.equal('Headers' in requests[0]!.body, false);
  assert.equal('Attachments' in requests[0]!.body, false);
});

const ICS = 'BEGIN:VCALENDAR\r\nSUMMARY:Befaring hos Fjord Rør\r\nEND:VCALENDAR\r\n';
const ATTACHED: Mail = {
  ...MAIL,
  attachments: [{ filename: 'invitasjon.ics', content: ICS, contentType: 'text/calendar; method=REQUEST' }],
};
const utf8Of = (base64: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));

Deno.test('Resend gets an attachment as base64 of its UTF-8 text, with its type', async () => {
  const { requests, fetchImpl } = recorder();
  const env = new Map([
    ['RESEND_API_KEY', 're_test'],
    ['MAILER_FROM', 'Leadtorget <noreply@leadtorget.no>'],
  ]);
  await mailerFromEnv(env, fetchImpl).send(ATTACHED);
  const [file] = requests[0]!.body.attachments as Record<string, string>[];
  assert.equal(file!.filename, 'invitasjon.ics');
  assert.equal(file!.content_type, 'text/calendar; method=REQUEST');
  assert.equal(utf8Of(file!.content!), ICS);
});

Deno.test("Mailpit's send API gets an attachment in its Attachments shape", async () => {
  const { requests, fetchImpl } = recorder();
  await mailerFromEnv(new Map([['MAILPIT_URL', 'http://outbox.test']]), fetchImpl).send(ATTACHED);
  const [file] = requests[0]!.body.Attachments as Record<string, string>[];
  assert.equal(file!.Filename, 'invitasjon.ics');
  assert.equal(file!.ContentType, 'text/calendar; method=REQUEST');
  assert.equal(utf8Of(file!.Content!), ICS);
});
