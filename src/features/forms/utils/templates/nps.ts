import type { FormDefinition } from '@/lib/forms/engine';

/** NPS: the score, then why; a low score is asked what to do better. */
export const nps: FormDefinition = {
  version: 1,
  pages: [
    {
      id: 'p_nps',
      blocks: [
        {
          kind: 'nps',
          id: 'b_nps',
          key: 'nps',
          label: 'Hvor sannsynlig er det at du vil anbefale oss til en venn eller kollega?',
          required: true,
        },
        {
          kind: 'long_text',
          id: 'b_hvorfor',
          key: 'hvorfor',
          label: 'Hva er den viktigste grunnen til svaret ditt?',
        },
        { kind: 'long_text', id: 'b_bedre', key: 'bedre', label: 'Hva kan vi gjøre bedre?', hidden: true },
      ],
    },
  ],
  rules: [
    {
      id: 'r_vis_bedre',
      action: 'show',
      block: 'b_bedre',
      when: {
        join: 'and',
        groups: [{ join: 'and', conditions: [{ block: 'b_nps', operator: 'less_than', value: 7 }] }],
      },
    },
  ],
  endings: [
    { id: 'e_takk', title: 'Takk for svaret!', text: 'Tilbakemeldingen din hjelper oss å bli bedre.' },
  ],
  defaultEnding: 'e_takk',
};
