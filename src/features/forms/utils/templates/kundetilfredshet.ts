import type { FormDefinition } from '@/lib/forms/engine';

/** «Kundetilfredshet»: ratings on two pages, then a comment and an optional e-mail. */
export const kundetilfredshet: FormDefinition = {
  version: 1,
  pages: [
    {
      id: 'p_vurdering',
      blocks: [
        {
          kind: 'rating',
          id: 'b_helhet',
          key: 'helhet',
          label: 'Hvor fornøyd er du alt i alt?',
          max: 5,
          required: true,
        },
        { kind: 'rating', id: 'b_service', key: 'service', label: 'Hvordan var servicen?', max: 5 },
        { kind: 'rating', id: 'b_pris', key: 'pris', label: 'Hva synes du om prisen?', max: 5 },
      ],
    },
    {
      id: 'p_kommentar',
      blocks: [
        { kind: 'long_text', id: 'b_kommentar', key: 'kommentar', label: 'Vil du fortelle oss mer?' },
        {
          kind: 'email',
          id: 'b_epost',
          key: 'epost',
          label: 'E-post',
          help: 'Hvis du vil at vi skal kontakte deg.',
        },
      ],
    },
  ],
  rules: [],
  endings: [{ id: 'e_takk', title: 'Takk for tilbakemeldingen!' }],
  defaultEnding: 'e_takk',
};
