/** The snippet's Norwegian texts: it runs on the customer's site, without the app's i18n. */
export const TEXT = {
  close: 'Lukk',
  email: 'E-postadresse',
  sending: 'Sender …',
  emailEmpty: 'Skriv inn e-postadressen din.',
  emailInvalid: 'Skriv inn en gyldig e-postadresse.',
  formTitle: 'Skjema',
  formPreview: 'Skjemaet vises her på nettstedet.',
} as const;

/** The server's refusals at the field (the engine's codes, worded as the app's campaign-errors). */
const REFUSALS: Record<string, string> = {
  'campaign-rate-limited':
    'Det er sendt mange svar fra denne nettforbindelsen. Vent et minutt og prøv igjen.',
  'participant-consent-required': 'Du må godta vilkårene for å delta.',
  'participant-email-invalid': 'E-postadressen ser ikke riktig ut. Sjekk den og prøv igjen.',
  'campaign-write-refused':
    'Vi kunne ikke ta imot svaret. Vent et øyeblikk, last siden på nytt og prøv igjen.',
  'popup-not-found': 'Dette tilbudet er ikke lenger aktivt.',
  'popup-site-refused': 'Påmeldingen kan ikke sendes fra denne siden.',
  network: 'Vi fikk ikke kontakt. Sjekk nettforbindelsen og prøv igjen.',
};

export const refusalText = (code: string) => REFUSALS[code] ?? 'Noe gikk galt. Vent litt og prøv igjen.';

/** A plausible address: something@host.tld, no spaces; the server checks it again. */
export function emailProblem(value: string): string | null {
  if (!value) return TEXT.emailEmpty;
  return /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/.test(value) ? null : TEXT.emailInvalid;
}
