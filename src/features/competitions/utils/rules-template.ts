import { fillTemplate } from '@/lib/campaign/fill-template';

/**
 * A Norwegian rules and terms template for a team competition: free entry (no purchase, so not a
 * lottery under lotteriloven), teams and their sizes, logging honestly with limits and moderation,
 * prizes not exchangeable for cash, GDPR (controller, purpose, retention, the participation page).
 */
const RULES_TEMPLATE_NB = `Regler for {{competition}}

1. Arrangør
{{organization}} (org.nr. {{organizationNumber}}) arrangerer konkurransen. Spørsmål sendes til {{contactEmail}}.

2. Periode
Konkurransen varer fra {{startDate}} til {{endDate}} norsk tid. Lagene låses halvveis i perioden, om ikke annet er oppgitt på siden.

3. Hvem kan delta
Alle kan delta gratis, og deltakelse krever ikke kjøp. Du kan være med på ett lag om gangen. Et lag har høyst {{teamMax}} medlemmer.

4. Slik deltar du
Bli med på et lag eller lag et nytt, og registrer {{unit}} fra lenken du får på e-post. Registrer bare det du faktisk har gjort. Arrangøren kan avvise registreringer som ikke stemmer, og utelukke deltakere som jukser.

5. Poeng
{{scoring}}

6. Premier
{{prizes}}
Premiene kan ikke byttes i penger. Gevinster over 10 000 kroner er skattepliktige for vinneren.

7. Personvern
{{organization}} er behandlingsansvarlig. Vi bruker e-postadressen din, og navn og telefonnummer om du oppgir dem, til å gjennomføre konkurransen, vise lagene og resultatene (fornavn og forbokstav i etternavnet) og kontakte vinnerne. Har du sagt ja til markedsføring, bruker vi opplysningene også til det, til du trekker samtykket. Opplysningene slettes senest {{retention}} etter at konkurransen er slutt. På deltakersiden (lenken i e-posten du får) ser du hva vi har lagret og kan slette opplysningene dine.

8. Annet
Arrangøren kan avbryte eller endre konkurransen ved misbruk eller forhold arrangøren ikke råder over.`;

export type CompetitionRulesValues = {
  competition: string;
  organization: string;
  organizationNumber: string;
  contactEmail: string;
  startDate: string;
  endDate: string;
  teamMax: string;
  unit: string;
  scoring: string;
  prizes: string;
  retention: string;
};

const LABELS: Record<keyof CompetitionRulesValues, string> = {
  competition: 'konkurransens navn',
  organization: 'arrangør',
  organizationNumber: 'organisasjonsnummer',
  contactEmail: 'e-post for spørsmål',
  startDate: 'første dato',
  endDate: 'siste dato',
  teamMax: 'antall',
  unit: 'enhet',
  scoring: 'hvordan lagene får poeng',
  prizes: 'premiene',
  retention: 'hvor lenge, f.eks. 3 måneder',
};

/** The competition's rules template with its facts filled in; an unknown one stays a visible `[…]`. */
export const fillCompetitionRules = (values: Partial<CompetitionRulesValues>) =>
  fillTemplate(RULES_TEMPLATE_NB, values, LABELS);
