import { http, HttpResponse } from 'msw';
import { fetchDoor } from '@/features/onboarding/api/get-door';
import en from '@/features/onboarding/locales/door/en.json';
import nb from '@/features/onboarding/locales/door/nb.json';
import { DoorUnavailableError, doorUrlAt, parseDoor } from '@/features/onboarding/utils/door';
import { doorText, loadDoorStrings } from '@/features/onboarding/utils/door-text';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

const server = setupMswServer();

const answer = {
  marketplace: {
    name: 'Leadtorget',
    tagline: 'Kjøp og selg leads',
    primary_color: '#0f5c8c',
    default_price_tickets: 1,
    default_price_ore: 9900,
    packs: [{ tickets: 10, price_ore: 90000 }],
  },
  teasers: [
    {
      title: 'Nytt bad i Bergen',
      category: 'Rørlegger',
      area: null,
      price_tickets: 2,
      price_ore: 14900,
      max_buyers: 3,
      buyers_count: 1,
    },
  ],
};

describe('parseDoor', () => {
  it('reads the marketplace and its teasers', () => {
    expect(parseDoor(answer)).toEqual({
      kind: 'marketplace',
      marketplace: {
        name: 'Leadtorget',
        tagline: 'Kjøp og selg leads',
        primaryColor: '#0f5c8c',
        defaultPriceTickets: 1,
        defaultPriceOre: 9900,
        packs: [{ tickets: 10, priceOre: 90000 }],
      },
      teasers: [
        {
          title: 'Nytt bad i Bergen',
          category: 'Rørlegger',
          area: null,
          priceTickets: 2,
          priceOre: 14900,
          maxBuyers: 3,
          buyersCount: 1,
        },
      ],
    });
  });

  it('reads a host without a marketplace as the places to go instead, skipping broken entries', () => {
    expect(
      parseDoor({ marketplace: null, elsewhere: [{ name: 'Leadtorget', host: 'localhost' }, { name: 1 }] }),
    ).toEqual({ kind: 'none', elsewhere: [{ name: 'Leadtorget', host: 'localhost' }] });
  });

  it('refuses an answer that is not an object', () => {
    expect(() => parseDoor(null)).toThrow();
  });
});

describe('fetchDoor', () => {
  it('calls marketplace_door as anon with the host', async () => {
    let seen: { apikey: string | null; auth: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${SUPABASE}/rest/v1/rpc/marketplace_door`, async ({ request }) => {
        seen = {
          apikey: request.headers.get('apikey'),
          auth: request.headers.get('authorization'),
          body: await request.json(),
        };
        return HttpResponse.json(answer);
      }),
    );
    const door = await fetchDoor('partner.localhost');
    expect(door.kind).toBe('marketplace');
    expect(seen?.body).toEqual({ input_host: 'partner.localhost' });
    expect(seen?.apikey).toMatch(/^eyJ/);
    expect(seen?.auth).toBe(`Bearer ${seen?.apikey}`);
  });

  it('fails on an error status', async () => {
    server.use(
      http.post(`${SUPABASE}/rest/v1/rpc/marketplace_door`, () =>
        HttpResponse.json({ message: 'rate limited' }, { status: 429 }),
      ),
    );
    await expect(fetchDoor('localhost')).rejects.toBeInstanceOf(DoorUnavailableError);
  });
});

describe('doorUrlAt', () => {
  it("keeps this page's scheme and port", () => {
    expect(doorUrlAt('localhost', new URL('http://fyllopp.localhost:5173/bli-partner?x=1#y'))).toBe(
      'http://localhost:5173/bli-partner',
    );
  });
});

describe('door strings', () => {
  it('have the same keys in Norwegian and English, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(nb).sort());
    for (const value of [...Object.values(nb), ...Object.values(en)]) expect(value.trim()).not.toBe('');
  });

  it('fill placeholders and pick plurals by count', async () => {
    const t = doorText(await loadDoorStrings('en'), 'en');
    expect(t('title', { name: 'Leadtorget' })).toBe('Become a partner on Leadtorget');
    expect(t('teaserPrice', { price: '99 kr', count: 1 })).toBe('99 kr excl. VAT or 1 ticket');
    expect(t('teaserPrice', { price: '99 kr', count: 2 })).toBe('99 kr excl. VAT or 2 tickets');
    const nbText = doorText(await loadDoorStrings('nb'), 'nb');
    expect(nbText('shared', { count: 1, max: 3 })).toBe('Deles: 1 plass igjen av 3');
    expect(nbText('shared', { count: 2, max: 3 })).toBe('Deles: 2 plasser igjen av 3');
  });

  it('throws on a missing key', () => {
    const t = doorText(nb, 'nb');
    expect(() => t('nope' as never)).toThrow(/Missing translation: nope/);
  });
});
