import { createTranslate, mergeMessages, publicLanguage } from '@/lib/public/public-texts';

describe('createTranslate', () => {
  const t = createTranslate({
    door: { title: 'Luke {{day}}', opens: 'Åpner {{ date }} kl. {{time}}' },
    plain: 'Hei',
    left_one: '{{count}} luke igjen',
    left_other: '{{count}} luker igjen',
  });

  it('reads dotted keys and fills in values', () => {
    expect(t('plain')).toBe('Hei');
    expect(t('door.title', { day: 5 })).toBe('Luke 5');
    expect(t('door.opens', { date: '5. desember', time: '08:00' })).toBe('Åpner 5. desember kl. 08:00');
  });

  it('picks the plural by count', () => {
    expect(t('left', { count: 1 })).toBe('1 luke igjen');
    expect(t('left', { count: 3 })).toBe('3 luker igjen');
  });

  it('throws on a missing key in tests, and leaves an unknown placeholder visible', () => {
    expect(() => t('door.missing' as never)).toThrow(/Missing translation: door.missing/);
    expect(() => t('door' as never)).toThrow(/Missing translation: door/);
    expect(t('door.title')).toBe('Luke {{day}}');
  });

  it('says whether a key has a text', () => {
    expect(t.has('door.title')).toBe(true);
    expect(t.has('left')).toBe(true);
    expect(t.has('errors.calendar-not-found')).toBe(false);
  });
});

describe('mergeMessages', () => {
  it('merges namespaces, the later winning', () => {
    expect(mergeMessages({ a: 'x', n: { b: 'y', c: 'z' } }, { n: { c: 'w' }, d: 'v' })).toEqual({
      a: 'x',
      n: { b: 'y', c: 'w' },
      d: 'v',
    });
  });
});

describe('publicLanguage', () => {
  it('is English only when the embed asks for it', () => {
    expect(publicLanguage('?id=1&lang=en')).toBe('en');
    expect(publicLanguage('?id=1')).toBe('nb');
    expect(publicLanguage('?lang=de')).toBe('nb');
  });
});
