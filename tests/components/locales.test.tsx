import componentsEn from '@/locales/en/components.json';
import componentsNb from '@/locales/nb/components.json';

describe('components locale files', () => {
  it('have the same keys in Norwegian and English', () => {
    expect(Object.keys(componentsEn).sort()).toEqual(Object.keys(componentsNb).sort());
  });

  it('have no empty strings', () => {
    for (const value of [...Object.values(componentsNb), ...Object.values(componentsEn)]) {
      expect(value.trim()).not.toBe('');
    }
  });
});
