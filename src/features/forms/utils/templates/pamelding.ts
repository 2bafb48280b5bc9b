import type { FormDefinition } from '@/lib/forms/engine';

/** «Påmelding til arrangement»: who comes, how many, food, and the participation consent. */
export const pamelding: FormDefinition = {
  version: 1,
  pages: [
    {
      id: 'p_pamelding',
      blocks: [
        {
          kind: 'statement',
          id: 's_intro',
          heading: 'Meld deg på',
          text: 'Fyll inn skjemaet, så holder vi av plass.',
        },
        { kind: 'short_text', id: 'b_navn', key: 'navn', label: 'Navn', required: true },
        { kind: 'email', id: 'b_epost', key: 'epost', label: 'E-post', required: true },
        { kind: 'phone', id: 'b_telefon', key: 'telefon', label: 'Telefon' },
        {
          kind: 'number',
          id: 'b_antall',
          key: 'antall',
          label: 'Hvor mange kommer?',
          min: 1,
          max: 10,
          required: true,
        },
        {
          kind: 'multiple_choice',
          id: 'b_mat',
          key: 'mat',
          label: 'Hensyn til mat',
          options: [
            { id: 'o_vegetar', label: 'Vegetar' },
            { id: 'o_gluten', label: 'Glutenfri' },
            { id: 'o_laktose', label: 'Laktosefri' },
          ],
          other: true,
        },
        {
          kind: 'consent',
          id: 'b_samtykke',
          key: 'samtykke',
          label: 'Jeg godtar vilkårene for påmeldingen',
          consent: 'participation',
          required: true,
        },
      ],
    },
  ],
  rules: [],
  endings: [
    { id: 'e_takk', title: 'Takk, {navn}!', text: 'Du er påmeldt. Vi sender en bekreftelse på e-post.' },
  ],
  defaultEnding: 'e_takk',
};
