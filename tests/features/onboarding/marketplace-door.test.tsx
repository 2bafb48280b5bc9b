import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DoorResult, MarketplaceDoor } from '@/features/onboarding/components/marketplace-door';
import nb from '@/features/onboarding/locales/door/nb.json';
import type { Door } from '@/features/onboarding/types';
import { doorText } from '@/features/onboarding/utils/door-text';

const RETURN_TO = 'leadtorget.return-to';
const t = doorText(nb, 'nb');

const door: Door = {
  kind: 'marketplace',
  marketplace: {
    name: 'Partnerportalen',
    tagline: 'Leads for partnere på Vestlandet',
    primaryColor: '#2f7d4f',
    defaultPriceTickets: 2,
    defaultPriceOre: 14900,
    packs: [
      { tickets: 10, priceOre: 90000 },
      { tickets: 25, priceOre: 200000 },
    ],
  },
  teasers: [
    {
      title: 'Nytt bad i Bergen',
      category: 'Rørlegger',
      area: 'Vestland',
      priceTickets: 1,
      priceOre: 9900,
      maxBuyers: 1,
      buyersCount: 0,
    },
    {
      title: 'Varmepumpe på Voss',
      category: null,
      area: 'Voss',
      priceTickets: 2,
      priceOre: 14900,
      maxBuyers: 3,
      buyersCount: 2,
    },
  ],
};

/** Rendered inside an async act, so the settled answer resumes the suspended page before the checks. */
async function renderDoor(result: DoorResult, search = '') {
  const settled = Promise.resolve(result);
  await act(async () => {
    render(<MarketplaceDoor result={settled} t={t} search={new URLSearchParams(search)} />);
    await settled;
  });
}

afterEach(() => sessionStorage.clear());

describe('MarketplaceDoor', () => {
  it("shows the host's marketplace, what a lead costs, how many share one and how contact details come", async () => {
    await renderDoor({ ok: true, door });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bli partner på Partnerportalen' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Bli partner · Partnerportalen'));
    expect(screen.getByText('Leads for partnere på Vestlandet')).toBeInTheDocument();
    expect(
      screen.getByText(/Etter behov: et lead koster vanligvis 149,00\s*kr eks\. mva,/),
    ).toBeInTheDocument();
    expect(screen.getByText('Klippekort: et lead koster vanligvis 2 klipp.')).toBeInTheDocument();
    expect(screen.getByText(/^10 klipp for 900,00\s*kr eks\. mva$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hvor mange kjøper det samme leadet?' })).toBeInTheDocument();
    expect(screen.getByText(/Navn, telefon og e-post vises med en gang/)).toBeInTheDocument();
  });

  it('shows each teaser with its category, area, price and buyers', async () => {
    await renderDoor({ ok: true, door });
    const teasers = within(await screen.findByRole('region', { name: 'Leads på Partnerportalen nå' }));
    const cards = teasers.getAllByRole('article');
    expect(cards).toHaveLength(2);
    const exclusive = within(teasers.getByRole('article', { name: 'Nytt bad i Bergen' }));
    expect(exclusive.getByText('Rørlegger')).toBeInTheDocument();
    expect(exclusive.getByText('Vestland')).toBeInTheDocument();
    expect(exclusive.getByText(/^99,00\s*kr eks\. mva eller 1 klipp$/)).toBeInTheDocument();
    expect(exclusive.getByText('Eksklusivt: én kjøper')).toBeInTheDocument();
    const shared = within(teasers.getByRole('article', { name: 'Varmepumpe på Voss' }));
    expect(shared.getByText('Ikke oppgitt')).toBeInTheDocument();
    expect(shared.getByText('Deles: 1 plass igjen av 3')).toBeInTheDocument();
  });

  it('says so when nothing is for sale', async () => {
    await renderDoor({ ok: true, door: { ...door, teasers: [] } });
    expect(await screen.findByText(/Ingen leads er til salgs akkurat nå/)).toBeInTheDocument();
  });

  it('«Bli med» goes to /auth and remembers the join flow, with a plan from the link', async () => {
    await renderDoor({ ok: true, door }, '?plan=tickets&tickets=20');
    const [join] = await screen.findAllByRole('link', { name: 'Bli med' });
    expect(join).toHaveAttribute('href', '/auth');
    join!.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(join!);
    // 20 is no pack: the next larger one, as the plans page would choose.
    expect(sessionStorage.getItem(RETURN_TO)).toBe('/onboarding/registrer?plan=tickets&tickets=25');
  });

  it('remembers the plain join flow without a plan', async () => {
    await renderDoor({ ok: true, door });
    const [join] = await screen.findAllByRole('link', { name: 'Bli med' });
    join!.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(join!);
    expect(sessionStorage.getItem(RETURN_TO)).toBe('/onboarding/registrer');
  });

  it('points a host without a marketplace to the marketplaces that have one', async () => {
    await renderDoor({
      ok: true,
      door: { kind: 'none', elsewhere: [{ name: 'Leadtorget', host: 'localhost' }] },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fant ingen markedsplass' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bli partner på Leadtorget' })).toHaveAttribute(
      'href',
      'http://localhost:3000/bli-partner',
    );
    expect(screen.queryByRole('link', { name: 'Bli med' })).not.toBeInTheDocument();
  });

  it('offers to try again when the marketplace could not be read', async () => {
    await renderDoor({ ok: false });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Vi fikk ikke hentet markedsplassen akkurat nå.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prøv igjen' })).toBeInTheDocument();
  });
});
