import { errorMessage } from '@/lib/error-message';
import { CARD_ERROR_CODES } from '@/lib/errors';
import { i18next, initI18n, loadNamespaces } from '@/lib/i18n';

// The eighteen card codes, each with its own Norwegian message asking the user to check or retry.
const MESSAGES: [code: (typeof CARD_ERROR_CODES)[number], message: string][] = [
  ['insufficient_funds', 'Kortet har ikke dekning. Bruk et annet kort eller kontakt banken din.'],
  ['expired_card', 'Kortet er utløpt. Legg inn et gyldig kort.'],
  ['card_declined', 'Kortet ble avvist. Prøv et annet kort eller kontakt banken din.'],
  ['authentication_required', 'Banken din må bekrefte betalingen. Fullfør bekreftelsen og prøv igjen.'],
  ['card_not_supported', 'Denne korttypen støttes ikke. Bruk et annet kort.'],
  ['currency_not_supported', 'Kortet støtter ikke betaling i norske kroner. Bruk et annet kort.'],
  ['processing_error', 'Det oppsto en feil under behandlingen av kortet. Vent litt og prøv igjen.'],
  ['rate_limit', 'For mange forsøk på kort tid. Vent litt og prøv igjen.'],
  ['invalid_request_error', 'Betalingen kunne ikke gjennomføres. Sjekk opplysningene og prøv igjen.'],
  ['api_error', 'Betalingstjenesten svarer ikke akkurat nå. Prøv igjen om litt.'],
  ['card_error', 'Det er noe galt med kortet. Sjekk kortopplysningene eller bruk et annet kort.'],
  ['invalid_expiry_month', 'Utløpsmåneden er ugyldig. Sjekk måneden på kortet.'],
  ['invalid_expiry_year', 'Utløpsåret er ugyldig. Sjekk året på kortet.'],
  ['invalid_cvc', 'CVC-koden er ugyldig. Sjekk de tre sifrene på baksiden av kortet.'],
  ['incorrect_number', 'Kortnummeret er feil. Sjekk nummeret og prøv igjen.'],
  ['incomplete_number', 'Kortnummeret er ufullstendig. Skriv inn hele nummeret.'],
  ['incomplete_expiry', 'Utløpsdatoen er ufullstendig. Skriv inn måned og år.'],
  ['incomplete_cvc', 'CVC-koden er ufullstendig. Skriv inn alle sifrene.'],
];

// What to do next: check, retry, use another card, type or complete something.
const NEXT_STEP = /\b(Sjekk|[Pp]røv|[Bb]ruk|Legg inn|Skriv inn|Fullfør)\b/u;

beforeAll(async () => {
  await initI18n(undefined, 'nb');
  await loadNamespaces('member');
});

describe('card codes → Norwegian messages', () => {
  it('covers exactly the eighteen card codes of the catalogue', () => {
    expect(MESSAGES.map(([code]) => code)).toEqual([...CARD_ERROR_CODES]);
    expect(CARD_ERROR_CODES).toHaveLength(18);
  });

  it.each(MESSAGES)('%s → «%s»', (code, message) => {
    expect(errorMessage(code)).toBe(message);
    expect(errorMessage({ code })).toBe(message);
    expect(message).toMatch(NEXT_STEP);
    expect(message).not.toBe(errorMessage('unknown'));
  });

  it('gives every code a message of its own', () => {
    const messages = MESSAGES.map(([code]) => errorMessage(code));
    expect(new Set(messages).size).toBe(18);
  });

  it('has an English message for every code too', async () => {
    await i18next.loadLanguages('en');
    await i18next.loadNamespaces('member');
    const english = i18next.getFixedT('en', 'member');
    const texts = MESSAGES.map(([code]) => english(`errors.${code}`));
    for (const [index, [code]] of MESSAGES.entries()) {
      expect(texts[index], code).toBeTruthy();
      expect(texts[index], code).not.toBe(MESSAGES[index]?.[1]);
    }
    expect(new Set(texts).size).toBe(18);
  });
});
