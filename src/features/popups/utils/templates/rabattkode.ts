import { consentTexts, DESIGN, FREQUENCY, type PopupTemplate } from './types';

/**
 * Discount code: a slide-in when the visitor has read 40 % of the page; the code shows only after
 * the sign-up. The code is an example to change before publishing.
 */
export const rabattkode = (organization: string): PopupTemplate => ({
  type: 'slide_in',
  priority: 20,
  triggers: [{ kind: 'scroll', percent: 40 }],
  targeting: {},
  frequency: FREQUENCY,
  content: {
    heading: 'Få 10 % rabatt på første oppdrag',
    text: 'Skriv inn e-postadressen din, så får du rabattkoden med en gang.',
    field: 'email',
    form_id: null,
    button: 'Send meg rabattkoden',
    success_heading: 'Her er rabattkoden din',
    success_text: 'Oppgi koden når du bestiller, så trekker vi fra 10 %.',
  },
  discount_code: 'VELKOMMEN10',
  design: { ...DESIGN, accent: '#b3261e', background: '#fffaf5' },
  ...consentTexts(organization),
});
