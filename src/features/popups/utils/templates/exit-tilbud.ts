import { consentTexts, DESIGN, FREQUENCY, type PopupTemplate } from './types';

/** Exit offer: a modal only when the visitor is about to leave, with a code after the sign-up. */
export const exitTilbud = (organization: string): PopupTemplate => ({
  type: 'modal',
  priority: 30,
  triggers: [{ kind: 'exit_intent' }],
  targeting: {},
  frequency: FREQUENCY,
  content: {
    heading: 'Vent litt – her er et tilbud',
    text: 'Få gratis befaring på neste oppdrag. Legg igjen e-postadressen din, så sender vi deg koden.',
    field: 'email',
    form_id: null,
    button: 'Gi meg tilbudet',
    success_heading: 'Takk!',
    success_text: 'Oppgi koden når du tar kontakt:',
  },
  discount_code: 'BEFARING',
  design: DESIGN,
  ...consentTexts(organization),
});
