import { navigationGroups } from '@/app/layouts/navigation';
import { routesFor } from '@/app/route-table';
import shell from '@/locales/nb/shell.json';

const items = navigationGroups.flatMap((group) => group.items);

describe('the side bar', () => {
  it('has the groups and entries in the agreed order', () => {
    const outline = navigationGroups.map((group) => [
      group.key ? shell.groups[group.key] : null,
      group.items.map((item) => shell.nav[item.key]),
    ]);
    expect(outline).toEqual([
      ['Salg', ['Markedsplass', 'Leads']],
      ['Kampanjer', ['Kalendere', 'Fyllopp', 'Skjemaer', 'Popups']],
      ['Betaling og salg', ['Kasser', 'Salgstrakter', 'Betaling']],
      ['Planlegging', ['Booking', 'Møteplanlegger']],
      ['Innsikt', ['Kundeverdi']],
      [null, ['Mediebibliotek']],
    ]);
  });

  // «Kommer» must follow the routes: an area that gets built loses it, one still a placeholder keeps it.
  it.each(items.filter((item) => item.to).map((item) => [item.key, item] as const))(
    '%s is marked «Kommer» exactly when its route shows the «under construction» page',
    async (_, item) => {
      const definition = routesFor('marketplace').find((route) => route.path === item.to);
      expect(definition, `no route for ${item.to}`).toBeDefined();
      const module = await definition?.load();
      const underConstruction = String(module?.default).includes('UnderConstruction');
      expect(underConstruction).toBe(Boolean(item.coming));
    },
  );
});
