import { createTranslate, publicLanguage } from '@/lib/public/public-texts';

describe('createTranslate', () => {
  const t = createTranslate({
    door: { title: 'Luke {{day}}', opens: 'Åpner {{ date }} kl. {{time}}' },
    plain: 'Hei',
  });

  it('reads dotted keys and fills in values', () => {
    expect(t('plain')).toBe('Hei');
    expect(t('door.title', { day: 5 })).toBe('Luke 5');
    expect(t('door.opens', { date: '5. desember', time: '08:00' })).toBe('Åpner 5. desember kl. 08:00');
  });

  it('shows the key for a missing text, and leaves an unknown placeholder visible', () => {
    expect(t('door.missing')).toBe('door.missing');
    expect(t('door')).toBe('door');
    expect(t('door.title')).toBe('Luke {{day}}');
  });
});

describe('publicLanguage', () => {
  it('is English only when the embed asks for it', () => {
    expect(publicLanguage('?id=1&lang=en')).toBe('en');
    expect(publicLanguage('?id=1')).toBe('nb');
    expect(publicLanguage('?lang=de')).toBe('nb');
  });
});
