import { consentTexts, DESIGN, FREQUENCY, type PopupTemplate } from './types';

/**
 * Announcement bar: a strip at the top, shown at once. The snippet always renders a sign-up field
 * (e-mail or a form), so the bar is an announcement with «meld deg på», not a bare notice.
 */
export const kunngjoringsstripe = (organization: string): PopupTemplate => ({
  type: 'bar_top',
  priority: 5,
  triggers: [{ kind: 'delay', seconds: 0 }],
  targeting: {},
  frequency: FREQUENCY,
  content: {
    heading: 'Vinterservice: 15 % rabatt ut måneden',
    text: 'Meld deg på, så sender vi deg tilbudet.',
    field: 'email',
    form_id: null,
    button: 'Meld meg på',
    success_heading: 'Takk!',
    success_text: 'Tilbudet er på vei til innboksen din.',
  },
  discount_code: null,
  design: { ...DESIGN, accent: '#1a1a1a', background: '#fff4d6' },
  ...consentTexts(organization),
});
