import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { routesFor } from '@/app/route-table';
import { pageTitle } from '@/lib/page-title';
import commonEn from '@/locales/en/common.json';
import commonNb from '@/locales/nb/common.json';

const routeNames = [
  ...new Set([
    ...routesFor('marketplace').map((route) => route.meta.name),
    ...routesFor('competition').map((route) => route.meta.name),
  ]),
].sort();

async function translator(language: 'nb' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    defaultNS: 'common',
    resources: { nb: { common: commonNb }, en: { common: commonEn } },
  });
  return instance.t;
}

describe('page titles', () => {
  it.each(['nb', 'en'] as const)(
    'every route has its own %s title, different from every other',
    async (language) => {
      const t = await translator(language);
      const titles = routeNames.map((name) => pageTitle(t, name));
      for (const [index, title] of titles.entries()) {
        expect(title, routeNames[index]).toMatch(/^.+ · Leadtorget$/);
      }
      expect(new Set(titles).size).toBe(routeNames.length);
    },
  );

  it('names the screen first and the product last, in Norwegian by default', async () => {
    const t = await translator('nb');
    expect(pageTitle(t, 'leads')).toBe('Leads · Leadtorget');
    expect(pageTitle(t, 'not-found')).toBe('Fant ikke siden · Leadtorget');
    expect(pageTitle(t, undefined)).toBe('Leadtorget');
  });
});
