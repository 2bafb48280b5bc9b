import type { HelpContent } from './help-topics';

const help: HelpContent = {
  general: {
    title: 'Hjelp',
    intro: 'Leadtorget samler leads, markedsføring og booking for organisasjonen din.',
    tips: [
      'Trykk ? hvor som helst for å åpne eller lukke hjelpen.',
      'Bytt organisasjon øverst på siden; valget huskes til neste gang.',
      'Alle tider vises i norsk tid med 24-timers klokke.',
    ],
  },
  auth: {
    title: 'Innlogging',
    intro: 'Logg inn med e-post og passord, en engangslenke, en kode på SMS eller Google.',
    tips: [
      'Har du glemt passordet, be om en lenke for å lage et nytt.',
      'Etter innlogging sender vi deg tilbake til siden du var på vei til.',
      'Får du ikke e-posten? Sjekk søppelpost, og be om en ny etter et minutt.',
    ],
  },
  onboarding: {
    title: 'Kom i gang',
    intro: 'Opprett organisasjonen din, bli med på en markedsplass og velg plan.',
    tips: [
      'Organisasjonsnummeret har ni sifre og står i Brønnøysundregistrene.',
      'Med klippekort betaler du på forhånd; med «Etter behov» betaler du per lead med kort.',
    ],
  },
  marketplace: {
    title: 'Markedsplassen',
    intro: 'Her kjøper du leads fra andre organisasjoner på markedsplassen.',
    tips: [
      'Du ser et sammendrag før kjøp; kontaktinformasjonen vises straks du har kjøpt.',
      '«2 av 3 solgt» betyr at leadet kan selges til én kjøper til.',
      'Kjøpte leads finner du under Leads.',
    ],
  },
  leads: {
    title: 'Leads',
    intro: 'Alle leadene til organisasjonen, både egne og kjøpte.',
    tips: [
      'Flytt et lead gjennom statusene ny, kontaktet, tilbud, vunnet og tapt.',
      'Importer leads fra CSV under Importer, og legg egne leads ut for salg på markedsplassen.',
    ],
  },
  calendars: {
    title: 'Kalendere',
    intro: 'Lag julekalendere og andre kalendere der deltakerne åpner en luke om dagen.',
    tips: ['Forhåndsvis kalenderen før du deler den.', 'Kalenderen kan bygges inn på nettsiden din.'],
  },
  competitions: {
    title: 'Fyllopp',
    intro: 'Lagkonkurranser der deltakerne melder seg på i grupper.',
    tips: ['En gruppe kan bli full; da kan deltakerne velge en annen gruppe eller lage en ny.'],
  },
  popups: {
    title: 'Popups',
    intro: 'Popups på nettsiden din som samler leads.',
    tips: ['Nye leads fra popups havner automatisk under Leads.'],
  },
  checkouts: {
    title: 'Kasser',
    intro: 'Kasser og analysen av dem: besøk, påbegynte og fullførte kjøp.',
    tips: ['Åpne en kasse for å se analysen.'],
  },
  funnels: {
    title: 'Salgstrakter',
    intro: 'Salgstrakter som leder besøkende fra første klikk til kjøp.',
    tips: ['Hvert steg i trakten kan redigeres for seg.'],
  },
  forms: {
    title: 'Skjemaer',
    intro: 'Skjemaer som samler henvendelser og leads.',
    tips: ['Svar på skjemaer blir leads med kilden «skjema».'],
  },
  booking: {
    title: 'Booking',
    intro: 'Bookingløsninger der kundene bestiller tid selv.',
    tips: ['Uken starter på mandag, og alle tider er i norsk tid.'],
  },
  meetings: {
    title: 'Møteplanlegger',
    intro: 'Planlegg møter og del et møterom med deltakerne.',
    tips: ['Etter møtet finner du et sammendrag under møterommet.'],
  },
  lifetimeValue: {
    title: 'Kundeverdi',
    intro: 'Hva kundene dine er verdt over tid.',
    tips: ['Tallene oppdateres når nye kjøp registreres.'],
  },
  payments: {
    title: 'Betaling',
    intro: 'Betalingskort, klipp, kreditter og kvitteringer for organisasjonen.',
    tips: [
      'Saldoen endres først når betalingen er gjennomført.',
      'Kvitteringer sendes til adressene du legger inn her.',
    ],
  },
};

export default help;
