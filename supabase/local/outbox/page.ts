/**
 * The outbox's own page (GET /): what Mailpit's UI is under `supabase start`, in Norwegian, server-rendered
 * and without script. An e-mail's HTML is shown in a sandboxed iframe (GET /view/{ID}.html), never inline,
 * so its markup cannot touch this page.
 */
import type { ListResult, OutboxMessage } from './store.ts';

export const PAGE_SIZE = 200;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

const KIND_LABELS: Record<OutboxMessage['kind'], string> = {
  confirmation: 'Bekreftelse av e-postadresse',
  magic_link: 'Innlogging',
  recovery: 'Nytt passord',
  email_change: 'Endring av e-postadresse',
  invite: 'Invitasjon',
  reauthentication: 'Bekreftelseskode',
  sms_otp: 'Engangskode',
  phone_change: 'Endring av telefonnummer',
  api: 'Sendt av en funksjon',
};

// The app's rule: times are shown in Norway's time zone, whatever the machine's.
const dateTime = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  dateStyle: 'short',
  timeStyle: 'medium',
});

const time = (date: Date) => `<time datetime="${date.toISOString()}">${escape(dateTime.format(date))}</time>`;
const channelLabel = (message: OutboxMessage) => (message.channel === 'sms' ? 'SMS' : 'E-post');
const sender = (message: OutboxMessage) =>
  message.from.address ? `${message.from.name} <${message.from.address}>` : message.from.name;

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
  color: #1a1d23; background: #f4f5f7; line-height: 1.5; }
body { margin: 0; }
.skip, .sr-only { position: absolute; left: -9999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem 1rem; z-index: 1; }
header, main { max-width: 72rem; margin: 0 auto; padding: 1rem 1.5rem; }
h1 { margin: .5rem 0 0; font-size: 1.75rem; }
header p { margin: .25rem 0 0; color: #4b5261; }
section { background: #fff; border: 1px solid #e1e4e9; border-radius: 8px; padding: 1rem 1.5rem; margin-bottom: 1.5rem; }
.bar { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; }
.bar h2 { margin: 0; font-size: 1.25rem; }
.bar p { margin: 0; color: #4b5261; flex: 1; }
button { font: inherit; padding: .375rem .875rem; border-radius: 6px; border: 1px solid #b42318; background: #fff;
  color: #b42318; cursor: pointer; }
a { color: #1d4ed8; }
a:focus-visible, button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; margin-top: 1rem; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #e1e4e9; vertical-align: top; }
th { font-size: .875rem; color: #4b5261; }
tr[data-unread] a { font-weight: 700; }
tr[aria-current] { background: #eff4ff; }
.badge { display: inline-block; margin-left: .5rem; padding: 0 .5rem; border-radius: 999px; background: #1d4ed8;
  color: #fff; font-size: .75rem; font-weight: 700; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { color: #4b5261; }
dd { margin: 0; overflow-wrap: anywhere; }
iframe { width: 100%; height: 40rem; border: 1px solid #e1e4e9; border-radius: 6px; background: #fff; }
pre, .sms { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f5f7; padding: 1rem; border-radius: 6px; }
.sms { font-size: 1.125rem; }
`;

function row(message: OutboxMessage, selected: boolean): string {
  return `<tr${message.read ? '' : ' data-unread'}${selected ? ' aria-current="true"' : ''}>
<td>${channelLabel(message)}</td>
<td>${escape(message.to)}</td>
<td><a href="/?id=${encodeURIComponent(message.id)}#melding">${escape(message.subject || '(uten emne)')}</a>${
    message.read ? '' : '<span class="badge">Ulest</span>'
  }</td>
<td>${time(message.createdAt)}</td>
</tr>`;
}

function list(result: ListResult, selectedId: string | undefined): string {
  if (result.messages.length === 0) {
    return '<p>Ingen meldinger ennå. Når plattformen sender e-post eller SMS, kommer de hit.</p>';
  }
  const more =
    result.total > result.messages.length
      ? `<p>Viser de ${result.messages.length} nyeste meldingene.</p>`
      : '';
  return `<table>
<caption class="sr-only">Meldinger, nyeste først</caption>
<thead><tr><th scope="col">Type</th><th scope="col">Til</th><th scope="col">Emne</th><th scope="col">Tidspunkt</th></tr></thead>
<tbody>${result.messages.map((message) => row(message, message.id === selectedId)).join('')}</tbody>
</table>${more}`;
}

function detail(message: OutboxMessage): string {
  const body =
    message.channel === 'sms'
      ? `<p class="sms">${escape(message.text)}</p>`
      : // Scripts stay off; links open in a new tab (base target in /view), outside the sandbox.
        `<iframe src="/view/${encodeURIComponent(message.id)}.html" title="Innholdet i e-posten «${escape(message.subject)}»"
  sandbox="allow-popups allow-popups-to-escape-sandbox"></iframe>
<details><summary>Vis som ren tekst</summary><pre>${escape(message.text)}</pre></details>`;
  return `<section id="melding" aria-labelledby="melding-tittel">
<h2 id="melding-tittel">${escape(message.subject || '(uten emne)')}</h2>
<dl>
<dt>Type</dt><dd>${channelLabel(message)} – ${KIND_LABELS[message.kind]}</dd>
<dt>Fra</dt><dd>${escape(sender(message))}</dd>
<dt>Til</dt><dd>${escape(message.to)}</dd>
<dt>Tidspunkt</dt><dd>${time(message.createdAt)}</dd>
${Object.entries(message.headers)
  .map(([name, value]) => `<dt>${escape(name)}</dt><dd>${escape(value)}</dd>`)
  .join('\n')}
</dl>
${body}
</section>`;
}

export interface PageInput {
  result: ListResult;
  selected: OutboxMessage | null;
  /** An id was asked for but does not exist (any more). */
  missingId?: string;
}

export function renderPage({ result, selected, missingId }: PageInput): string {
  const title = selected ? `${selected.subject || '(uten emne)'} – Utboks` : 'Utboks';
  const missing =
    missingId === undefined
      ? ''
      : `<section role="alert"><p>Fant ingen melding med id ${escape(missingId)}. Den kan være slettet.</p></section>`;
  return `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} – Leadtorget lokalt</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#innhold">Hopp til innholdet</a>
<header>
<h1>Utboks</h1>
<p>E-post og SMS som den lokale plattformen har sendt. Ingenting går ut til ekte mottakere.</p>
</header>
<main id="innhold">
${missing}
<section aria-labelledby="meldinger">
<div class="bar">
<h2 id="meldinger">Meldinger</h2>
<p>${result.total} ${result.total === 1 ? 'melding' : 'meldinger'}, ${result.unread} uleste</p>
<a href="/">Oppdater</a>
<form method="post" action="/delete-all"><button type="submit">Slett alle</button></form>
</div>
${list(result, selected?.id)}
</section>
${selected ? detail(selected) : ''}
</main>
</body>
</html>`;
}

/** The stored HTML of an e-mail, for the sandboxed iframe: links open outside it, in a new tab. */
export function renderView(message: OutboxMessage): string {
  if (message.channel === 'sms') {
    return `<!doctype html><html lang="nb"><meta charset="utf-8"><title>SMS</title><pre>${escape(message.text)}</pre></html>`;
  }
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(message.html)
    ? message.html.replace(/<head[^>]*>/i, (head) => `${head}${base}`)
    : `${base}${message.html}`;
}
