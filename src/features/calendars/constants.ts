/**
 * A Norwegian rules and terms template the editor fills in (the organization edits the result and it
 * is stored as the calendar's rules_text). Written for a shop's Christmas campaign under Norwegian law:
 * free entry (no purchase, so not a lottery under lotteriloven), 18+, prizes not exchangeable for cash,
 * prize tax above 10 000 kr, GDPR: who is the controller, what is used for what, how long, and where
 * the participant sees and deletes their data. `{{name}}` fields are filled by `fillRulesTemplate`.
 */
export const RULES_TEMPLATE_NB = `Regler for {{calendar}}

1. Arrangør
{{organization}} (org.nr. {{organizationNumber}}) arrangerer kalenderen. Spørsmål sendes til {{contactEmail}}.

2. Periode
Kalenderen varer fra {{startDate}} til {{endDate}}. Hver luke åpner kl. {{doorTime}} norsk tid på sin dato og kan besvares til neste luke åpner.

3. Hvem kan delta
Alle som er fylt 18 år og bor i Norge kan delta, unntatt ansatte hos arrangøren og deres nærmeste familie. Det er gratis å delta, og deltakelse krever ikke kjøp.

4. Slik deltar du
Åpne dagens luke, svar på spørsmålet og oppgi e-postadressen din. Du kan delta én gang per luke. Flere e-postadresser per person eller automatiserte deltakelser gir ikke flere sjanser og kan føre til at du utelukkes.

5. Premier
{{prizes}}
Premiene kan ikke byttes i penger. Gevinster over 10 000 kroner er skattepliktige for vinneren.

6. Trekning
Vinnerne trekkes tilfeldig blant {{eligible}}. Trekningen kan etterprøves: listen over deltakelser låses med en kontrollsum før trekningen, og tallet som avgjør rekkefølgen publiseres etterpå.

7. Vinnere
Vinnerne får beskjed på e-post, og fornavn og forbokstaven i etternavnet vises i kalenderen dagen etter trekningen. Svarer ikke en vinner innen 14 dager, trekkes en ny.

8. Personvern
{{organization}} er behandlingsansvarlig. Vi bruker e-postadressen din, og navn og telefonnummer om du oppgir dem, til å gjennomføre kalenderen og kontakte vinnerne. Har du sagt ja til markedsføring, bruker vi opplysningene også til det, til du trekker samtykket. Opplysningene slettes senest {{retention}} etter at kalenderen er slutt. På deltakersiden (lenken i e-posten du får) ser du hva vi har lagret, kan slå av påminnelser og slette opplysningene dine.

9. Annet
Arrangøren kan avbryte eller endre kalenderen ved misbruk eller forhold arrangøren ikke råder over. Kalenderen er ikke knyttet til eller sponset av Meta, Google eller andre plattformer.`;

export type RulesTemplateValues = {
  calendar: string;
  organization: string;
  organizationNumber: string;
  contactEmail: string;
  startDate: string;
  endDate: string;
  doorTime: string;
  prizes: string;
  eligible: string;
  retention: string;
};
