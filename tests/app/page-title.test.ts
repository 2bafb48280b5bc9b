import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { routesFor } from '@/app/route-table';
import { pageTitle } from '@/lib/page-title';
import commonEn from '@/locales/en/common.json';
import memberEn from '@/locales/en/member.json';
import commonNb from '@/locales/nb/common.json';
import memberNb from '@/locales/nb/member.json';

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
    resources: { nb: { common: commonNb, member: memberNb }, en: { common: commonEn, member: memberEn } },
  });
  return instance;
}

describe('page titles', () => {
  it.each(['nb', 'en'] as const)(
    'every route has its own %s title, different from every other',
    async (language) => {
      const i18n = await translator(language);
      const titles = routeNames.map((name) => pageTitle(i18n, name));
      for (const [index, title] of titles.entries()) {
        expect(title, routeNames[index]).toMatch(/^.+ · Leadtorget$/);
      }
      expect(new Set(titles).size).toBe(routeNames.length);
    },
  );

  it('names the screen first and the product last, in Norwegian by default', async () => {
    const i18n = await translator('nb');
    expect(pageTitle(i18n, 'leads')).toBe('Leads · Leadtorget');
    expect(pageTitle(i18n, 'not-found')).toBe('Fant ikke siden · Leadtorget');
    expect(pageTitle(i18n, undefined)).toBe('Leadtorget');
  });

  it('keeps a signed-in screen’s title in member and every other in common (the sign-in page’s download)', () => {
    const routes = [...routesFor('marketplace'), ...routesFor('competition')];
    for (const { meta } of routes) {
      const home = meta.requiresAuth ? memberNb.pageTitles : commonNb.pageTitles;
      const other = meta.requiresAuth ? commonNb.pageTitles : memberNb.pageTitles;
      expect(Object.hasOwn(home, meta.name), meta.name).toBe(true);
      expect(Object.hasOwn(other, meta.name), meta.name).toBe(false);
    }
  });
});
