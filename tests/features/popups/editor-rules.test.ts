import { describeTargeting, describeTriggers } from '@/features/popups/utils/describe-rules';
import {
  addVariant,
  evenWeights,
  removeVariant,
  weightSum,
  type DraftVariant,
  type PopupDraft,
} from '@/features/popups/utils/popup-draft';
import { publishGaps, validateDraft } from '@/features/popups/utils/validate-draft';

const variant = (label: string, weight: number): DraftVariant => ({
  id: `id-${label}`,
  label,
  weight,
  content: {
    heading: `Overskrift ${label}`,
    text: '',
    field: 'email',
    form_id: null,
    button: 'Meld meg på',
    success_heading: 'Takk!',
    success_text: '',
    image_alt: '',
  },
  imageMediaId: null,
  discountCode: '',
});

const draft = (change: Partial<PopupDraft> = {}): PopupDraft => ({
  name: 'Nyhetsbrev',
  type: 'modal',
  priority: 10,
  triggers: [{ kind: 'delay', seconds: 8 }],
  targeting: {},
  frequency: { after_close_days: 30, once_per_session: true },
  design: { accent: '#0b5cad', background: '#ffffff', text: '#1a1a1a', radius: 12 },
  consentText: 'Jeg godtar.',
  marketingConsentText: '',
  variants: [variant('A', 100)],
  ...change,
});

describe('describeTargeting', () => {
  it.each([
    [{}, 'Vises på alle sider, på mobil og PC, for alle besøkende.'],
    [
      {
        urls: { include: [{ match: 'starts_with', value: '/bad' }] },
        devices: ['mobile', 'desktop'],
        visitor: 'new',
        schedule: { days: [1, 2, 3, 4, 5], hours: [8, 20] },
      },
      'Vises på sider som begynner med /bad, på mobil og PC, for nye besøkende, mandag–fredag 08–20.',
    ],
    [
      {
        urls: {
          include: [
            { match: 'equals', value: '/' },
            { match: 'contains', value: 'tilbud' },
          ],
          exclude: [{ match: 'wildcard', value: '/kasse/*' }],
        },
        devices: ['mobile'],
        visitor: 'returning',
      },
      'Vises på sider som er / eller inneholder tilbud, men ikke på sider som passer til /kasse/*, bare på mobil, for besøkende som har vært her før.',
    ],
    [
      {
        devices: ['desktop'],
        referrer: { match: 'contains', value: 'google.' },
        utm: { utm_source: 'nyhetsbrev', utm_campaign: 'jul' },
        schedule: { from: '2026-12-01T00:00', until: '2026-12-24T23:59', days: [1, 3, 6, 7] },
      },
      'Vises på alle sider, bare på PC, for alle besøkende, når besøkende kommer fra en adresse som inneholder google., når lenken har utm_source=nyhetsbrev og utm_campaign=jul, fra 1. desember 2026 kl. 00:00, til 24. desember 2026 kl. 23:59, mandag, onsdag, lørdag og søndag.',
    ],
    [
      { schedule: { hours: [22, 6] } },
      'Vises på alle sider, på mobil og PC, for alle besøkende, hver dag kl. 22–06.',
    ],
  ] as const)('%o', (targeting, sentence) => {
    expect(describeTargeting(targeting as never)).toBe(sentence);
  });

  it('leaves out empty rules and speaks English when asked', () => {
    expect(
      describeTargeting({ urls: { include: [{ match: 'contains', value: ' ' }] }, visitor: 'new' }, 'en'),
    ).toBe('Shown on every page, on phones and computers, to new visitors.');
  });
});

describe('describeTriggers', () => {
  it('joins the triggers with «eller»', () => {
    expect(
      describeTriggers([
        { kind: 'delay', seconds: 8 },
        { kind: 'scroll', percent: 50 },
        { kind: 'exit_intent' },
      ]),
    ).toBe(
      'Vises etter 8 sekunder på siden, når besøkende har scrollet 50 % av siden eller når besøkende er på vei bort.',
    );
    expect(describeTriggers([])).toBe('Vises aldri: legg til minst én utløser.');
  });
});

describe('variants and weights', () => {
  it('spreads 100 as evenly as whole numbers allow', () => {
    expect(evenWeights(1)).toEqual([100]);
    expect(evenWeights(3)).toEqual([34, 33, 33]);
    expect(evenWeights(4)).toEqual([25, 25, 25, 25]);
  });

  it('adds a copy under the first free label and removes one, spreading the weights again', () => {
    const two = addVariant([variant('A', 100)], variant('A', 100), 'new');
    expect(two.map((item) => [item.label, item.weight, item.content.heading])).toEqual([
      ['A', 50, 'Overskrift A'],
      ['B', 50, 'Overskrift A'],
    ]);
    const withoutA = removeVariant([variant('A', 50), variant('B', 25), variant('C', 25)], 'id-A');
    expect(withoutA.map((item) => [item.label, item.weight])).toEqual([
      ['B', 50],
      ['C', 50],
    ]);
    // B removed earlier: the next copy takes B again, and a fifth is refused.
    expect(addVariant(withoutA, withoutA[0]!, 'x').map((item) => item.label)).toEqual(['B', 'C', 'A']);
    const four = ['A', 'B', 'C', 'D'].map((label) => variant(label, 25));
    expect(addVariant(four, four[0]!, 'x')).toHaveLength(4);
    expect(removeVariant([variant('A', 100)], 'id-A')).toHaveLength(1);
    expect(weightSum(four)).toBe(100);
  });
});

describe('validateDraft', () => {
  it('passes a sound draft', () => {
    expect(validateDraft(draft())).toEqual([]);
  });

  it('names each field the database or the snippet would refuse', () => {
    const problems = validateDraft(
      draft({
        name: ' ',
        priority: 101,
        design: { accent: 'blå', background: '#ffffff', text: '#1a1a1a', radius: 40 },
        triggers: [
          { kind: 'scroll', percent: 0 },
          { kind: 'click', selector: '' },
          { kind: 'delay', seconds: 1.5 },
        ],
        variants: [
          { ...variant('A', 0), discountCode: 'X'.repeat(41) },
          { ...variant('B', 100), content: { ...variant('B', 1).content, field: 'form', form_id: null } },
        ],
        targeting: {
          urls: { include: [{ match: 'equals', value: '' }] },
          utm: { utm_source: '' },
          schedule: { from: '2026-12-24T00:00', until: '2026-12-01T00:00', hours: [8, 8] },
        },
        frequency: { after_close_days: -1 },
      }),
    );
    expect(problems).toEqual([
      { field: 'name', code: 'nameRequired' },
      { field: 'priority', code: 'priorityRange' },
      { field: 'design.radius', code: 'radiusRange' },
      { field: 'design.accent', code: 'colour' },
      { field: 'triggers.0', code: 'percentRange' },
      { field: 'triggers.1', code: 'selectorRequired' },
      { field: 'triggers.2', code: 'secondsRange' },
      { field: 'variants.A.weight', code: 'weightRange' },
      { field: 'variants.A.discountCode', code: 'discountCodeTooLong' },
      { field: 'variants.B.form', code: 'formRequired' },
      { field: 'targeting.urls.include.0', code: 'urlRequired' },
      { field: 'targeting.utm.0', code: 'utmRequired' },
      { field: 'targeting.schedule.until', code: 'scheduleOrder' },
      { field: 'targeting.schedule.hours', code: 'hoursRange' },
      { field: 'frequency.after_close_days', code: 'wholeNumber' },
    ]);
  });

  it('lists what publishing needs', () => {
    expect(publishGaps(draft(), 1)).toEqual({
      sites: false,
      weights: false,
      consent: false,
      headings: false,
    });
    expect(
      publishGaps(
        draft({
          consentText: ' ',
          variants: [
            variant('A', 60),
            { ...variant('B', 30), content: { ...variant('B', 1).content, heading: '' } },
          ],
        }),
        0,
      ),
    ).toEqual({ sites: true, weights: true, consent: true, headings: true });
  });
});

describe('validateDraft of a published popup', () => {
  it('keeps its consent text, as the database does', () => {
    expect(validateDraft(draft({ consentText: ' ' }), { published: true })).toEqual([
      { field: 'consentText', code: 'consentRequired' },
    ]);
    expect(validateDraft(draft({ consentText: ' ' }))).toEqual([]);
  });
});
