import { consentTexts, DESIGN, FREQUENCY, type PopupTemplate } from './types';

/** An empty modal: the defaults of a new popup, with the consent text already in place. */
export const tom = (organization: string): PopupTemplate => ({
  type: 'modal',
  priority: 10,
  triggers: [{ kind: 'delay', seconds: 8 }],
  targeting: {},
  frequency: FREQUENCY,
  content: {
    heading: '',
    text: '',
    field: 'email',
    form_id: null,
    button: 'Meld meg på',
    success_heading: 'Takk!',
    success_text: '',
  },
  discount_code: null,
  design: DESIGN,
  ...consentTexts(organization),
});
