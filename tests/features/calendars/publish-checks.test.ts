import type { CalendarEditorData } from '@/features/calendars/api/get-calendar';
import { doorHeading } from '@/features/calendars/utils/door-heading';
import { hasGaps, publishGaps } from '@/features/calendars/utils/publish-checks';
import { calendarRow, doorRow, prizeRow } from '../../factories/calendar';

const MEDIA = 'e0000000-0000-4000-8000-000000000001';
const BACKGROUND = 'e0000000-0000-4000-8000-000000000005';

const data = (overrides: Partial<CalendarEditorData> = {}): CalendarEditorData => ({
  calendar: calendarRow({ consent_text: 'Jeg godtar reglene.', rules_text: 'Regler.' }),
  doors: [doorRow(1, { title: 'Velkommen' })],
  secrets: new Map(),
  media: new Map(),
  prizes: [],
  ...overrides,
});

describe('publishGaps', () => {
  it('finds nothing in a finished calendar', () => {
    expect(hasGaps(publishGaps(data()))).toBe(false);
  });

  it('lists empty doors, template placeholders, prizes without text and pictures without alt text', () => {
    const gaps = publishGaps(
      data({
        calendar: calendarRow({
          consent_text: 'Jeg godtar at [arrangør] lagrer svaret.',
          rules_text:
            'Premier: [premiene]. Org.nr. [organisasjonsnummer]. Se [vilkårene](https://example.no).',
          design: { background_media_id: BACKGROUND },
        }),
        doors: [
          doorRow(1, { title: 'Velkommen', media_id: MEDIA }),
          doorRow(2),
          doorRow(3, { body: 'Vinn [premien]!' }),
          doorRow(4, { body: '   ' }),
        ],
        media: new Map([
          [
            MEDIA,
            { id: MEDIA, name: 'Bilde', type: 'image', alt_text: ' ', url: null, thumbnail_path: null },
          ],
          [
            BACKGROUND,
            { id: BACKGROUND, name: 'Snø', type: 'image', alt_text: null, url: null, thumbnail_path: null },
          ],
        ]),
        prizes: [
          prizeRow({ name: 'Gavekort', description: 'Verdi 500 kroner' }),
          prizeRow({ description: null }),
        ],
      }),
    );
    expect(gaps).toEqual({
      emptyDoors: [2, 4],
      placeholders: [
        // A Markdown link is not a placeholder.
        { where: 'rules', found: ['[premiene]', '[organisasjonsnummer]'] },
        { where: 'consent', found: ['[arrangør]'] },
        { where: 3, found: ['[premien]'] },
      ],
      prizesWithoutText: 1,
      doorsWithoutAltText: [1],
      backgroundWithoutAltText: true,
    });
    expect(hasGaps(gaps)).toBe(true);
  });
});

describe('doorHeading', () => {
  it('names the door once, whether or not the title already does', () => {
    expect(doorHeading('Luke 2', 'Dagens spørsmål')).toBe('Luke 2: Dagens spørsmål');
    expect(doorHeading('Luke 2', 'Luke 2: Dagens spørsmål')).toBe('Luke 2: Dagens spørsmål');
    expect(doorHeading('Luke 2', 'luke 2 – Dagens spørsmål')).toBe('luke 2 – Dagens spørsmål');
    // «Luke 24» is not door 2.
    expect(doorHeading('Luke 2', 'Luke 24 er best')).toBe('Luke 2: Luke 24 er best');
    expect(doorHeading('Luke 2', null)).toBe('Luke 2');
  });
});
