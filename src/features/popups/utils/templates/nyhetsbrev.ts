import { consentTexts, DESIGN, FREQUENCY, type PopupTemplate } from './types';

/** Newsletter: a modal after 8 seconds, or when the visitor is about to leave. */
export const nyhetsbrev = (organization: string): PopupTemplate => ({
  type: 'modal',
  priority: 10,
  triggers: [{ kind: 'delay', seconds: 8 }, { kind: 'exit_intent' }],
  targeting: {},
  frequency: FREQUENCY,
  content: {
    heading: 'Få gode råd i innboksen',
    text: 'Meld deg på nyhetsbrevet vårt: ett nyttig tips i måneden og tilbud før alle andre. Ingen spam.',
    field: 'email',
    form_id: null,
    button: 'Meld meg på',
    success_heading: 'Takk for påmeldingen!',
    success_text: 'Du får det første nyhetsbrevet snart.',
  },
  discount_code: null,
  design: DESIGN,
  ...consentTexts(organization),
});
