import { consentTexts, DESIGN, FREQUENCY, type PopupTemplate } from './types';

/** Lead magnet: a slide-in after 15 seconds offering a guide by e-mail. */
export const leadMagnet = (organization: string): PopupTemplate => ({
  type: 'slide_in',
  priority: 10,
  triggers: [
    { kind: 'delay', seconds: 15 },
    { kind: 'scroll', percent: 60 },
  ],
  targeting: {},
  frequency: FREQUENCY,
  content: {
    heading: 'Gratis guide: Slik unngår du vannskader',
    text: 'Sjekklisten vi selv bruker før vinteren, med ti punkter du kan gjøre på en ettermiddag.',
    field: 'email',
    form_id: null,
    button: 'Send meg guiden',
    success_heading: 'Guiden er på vei',
    success_text: 'Sjekk innboksen din om noen minutter. Finner du den ikke, se i søppelposten.',
  },
  discount_code: null,
  design: DESIGN,
  ...consentTexts(organization),
});
