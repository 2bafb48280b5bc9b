/**
 * GoTrue's e-mails (supabase/templates/<kind>.html, config.toml [auth.email.template.<kind>]) in the
 * one e-mail layout of the functions (supabase/functions/_shared/email-layout.ts). GoTrue fills Go
 * template actions ({{ .Email }}, {{ .Token }}, …) when it sends, and escapes their values itself:
 * the layout gets a plain placeholder for each and the action goes in after rendering, so the layout
 * never has to pass anything through unescaped. `npm run emails:templates` writes the files.
 */
import {
  type EmailInput,
  type Inline,
  PLATFORM_NAME,
  renderEmail,
  sentBy,
} from '../../supabase/functions/_shared/email-layout.ts';
import type { EmailKind } from '../../supabase/local/contracts.ts';
import { emailSubjects } from '../../supabase/local/outbox/templates.ts';

export const TEMPLATES_FOLDER = 'supabase/templates';

type Content = Omit<EmailInput, 'subject' | 'sender' | 'signature'>;

/** Builds one template: `go` turns a Go action into a placeholder the layout leaves alone. */
function template(kind: EmailKind, content: (go: (action: string) => string) => Content): string {
  const actions: string[] = [];
  const go = (action: string) => `GOACTION${actions.push(action) - 1}X`;
  const { html } = renderEmail({
    subject: emailSubjects[kind],
    sender: { name: PLATFORM_NAME },
    signature: sentBy(PLATFORM_NAME),
    ...content(go),
  });
  return html.replace(/GOACTION(\d+)X/g, (_, index: string) => actions[Number(index)]!);
}

/** The app's page that finishes each e-mail's action (`mode`), with GoTrue's token and redirect. */
const appLink = (mode: string) =>
  `{{ .SiteURL }}/auth/management?mode=${mode}&oobCode={{ .TokenHash }}{{ if .RedirectTo }}&redirect_to={{ .RedirectTo | urlquery }}{{ end }}`;

const greeting = (go: (action: string) => string) =>
  `Hei${go('{{ if .Data.full_name }} {{ .Data.full_name }}{{ end }}')},`;

const codeLine = (go: (action: string) => string): Inline[] => [
  'Blir du bedt om en kode, skriv inn denne: ',
  { code: go('{{ .Token }}') },
];

const ONCE = 'Lenken og koden kan bare brukes én gang og gjelder bare en kort stund.';

export function authTemplates(): Record<EmailKind, string> {
  return {
    confirmation: template('confirmation', (go) => ({
      preheader: 'Bekreft adressen, så kan du ta kontoen i bruk.',
      heading: 'Bekreft e-postadressen din',
      body: [
        greeting(go),
        `Takk for at du registrerte deg på Leadtorget. Bekreft at ${go('{{ .Email }}')} er e-postadressen din, så kan du ta kontoen i bruk.`,
      ],
      button: { label: 'Bekreft e-postadressen', href: go(appLink('verifyEmail')) },
      after: [codeLine(go), ONCE],
      why: `Du får denne e-posten fordi noen registrerte en konto på Leadtorget med ${go('{{ .Email }}')}. Var det ikke deg, kan du se bort fra e-posten. Kontoen blir ikke tatt i bruk før adressen er bekreftet.`,
    })),
    magic_link: template('magic_link', (go) => ({
      preheader: 'Lenken og koden kan bare brukes én gang.',
      heading: 'Logg inn på Leadtorget',
      body: [
        greeting(go),
        `Du har bedt om å logge inn på Leadtorget med ${go('{{ .Email }}')}. Trykk på knappen for å logge inn. Du trenger ikke passord.`,
      ],
      button: { label: 'Logg inn', href: go(appLink('signIn')) },
      after: [['Eller skriv inn denne engangskoden i Leadtorget: ', { code: go('{{ .Token }}') }], ONCE],
      why: `Du får denne e-posten fordi noen ba om å logge inn på Leadtorget med ${go('{{ .Email }}')}. Var det ikke deg, kan du se bort fra e-posten. Ingen blir logget inn uten lenken eller koden.`,
    })),
    recovery: template('recovery', (go) => ({
      preheader: 'Velg et nytt passord for kontoen din.',
      heading: 'Lag et nytt passord',
      body: [
        greeting(go),
        `Vi har fått en forespørsel om å lage et nytt passord for kontoen din på Leadtorget (${go('{{ .Email }}')}). Trykk på knappen for å velge et nytt passord.`,
      ],
      button: { label: 'Lag nytt passord', href: go(appLink('resetPassword')) },
      after: [codeLine(go), ONCE],
      why: `Du får denne e-posten fordi noen ba om et nytt passord for ${go('{{ .Email }}')} på Leadtorget. Var det ikke deg, kan du se bort fra e-posten. Passordet ditt blir ikke endret før du lager et nytt.`,
    })),
    email_change: template('email_change', (go) => ({
      preheader: 'Bekreft endringen av e-postadressen din.',
      heading: 'Bekreft ny e-postadresse',
      body: [
        greeting(go),
        `Du har bedt om å endre e-postadressen for kontoen din på Leadtorget fra ${go('{{ .Email }}')} til ${go('{{ .NewEmail }}')}. Bekreft endringen med knappen under. Har du fått denne e-posten på begge adressene, må du bekrefte fra begge.`,
      ],
      button: { label: 'Bekreft ny e-postadresse', href: go(appLink('verifyAndChangeEmail')) },
      after: [codeLine(go), ONCE],
      why: 'Du får denne e-posten fordi noen ba om å endre e-postadressen for en konto på Leadtorget. Var det ikke deg, kan du se bort fra e-posten. E-postadressen blir ikke endret uten bekreftelse.',
    })),
    invite: template('invite', (go) => ({
      preheader: 'Godta invitasjonen for å komme i gang.',
      heading: 'Du er invitert til Leadtorget',
      body: [
        greeting(go),
        `Du er invitert til å lage en konto på Leadtorget med e-postadressen ${go('{{ .Email }}')}. Godta invitasjonen for å komme i gang.`,
      ],
      button: { label: 'Godta invitasjonen', href: go(appLink('acceptInvite')) },
      after: [codeLine(go), 'Lenken og koden kan bare brukes én gang og gjelder bare en stund.'],
      why: `Du får denne e-posten fordi noen inviterte ${go('{{ .Email }}')} til Leadtorget. Vil du ikke ha en konto, kan du se bort fra e-posten.`,
    })),
    reauthentication: template('reauthentication', (go) => ({
      preheader: 'Koden bekrefter at det er deg som gjør endringen.',
      heading: 'Bekreftelseskode',
      body: [
        greeting(go),
        'Du er i ferd med å gjøre en endring på Leadtorget som krever at vi bekrefter at det er deg. Skriv inn denne koden i Leadtorget:',
        [{ code: go('{{ .Token }}') }],
        'Koden kan bare brukes én gang og gjelder bare en kort stund.',
      ],
      why: `Du får denne e-posten fordi noen som er logget inn som ${go('{{ .Email }}')} på Leadtorget, ba om en bekreftelseskode. Var det ikke deg, kan du se bort fra e-posten, men vi anbefaler at du bytter passord.`,
    })),
  };
}
