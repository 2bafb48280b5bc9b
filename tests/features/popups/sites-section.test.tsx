import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SitesSection } from '@/features/popups/components/sites/sites-section';
import { siteDomain } from '@/features/popups/utils/site-domain';
import { POPUP, POPUP_SITE, POPUP_SITE_KEY } from '../../factories/popup';
import { newPopupListState, popupListHandlers, type PopupListState } from '../../msw/handlers/popup-list';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: PopupListState = newPopupListState();
setupMswServer(...popupListHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('popups', 'popup-errors', 'campaign-errors');
});
beforeEach(() => {
  state = newPopupListState();
  signIn();
});

const Section = ({ siteIds = [POPUP_SITE] }: { siteIds?: string[] }) => (
  <SitesSection popupId={POPUP} organizationId={ORG} siteIds={siteIds} />
);

describe('siteDomain', () => {
  it.each([
    ['https://www.fjordror.no/kontakt', 'www.fjordror.no'],
    ['  Fjordror.NO ', 'fjordror.no'],
    ['fjordror.no:8080/bad?x=1', 'fjordror.no'],
    ['http://localhost:5173/demo/nettsted.html', 'localhost'],
    ['fjordror.no.', 'fjordror.no'],
  ])('%s → %s', (input, host) => expect(siteDomain(input)).toBe(host));

  it.each([
    '',
    'fjord ror.no',
    'https://',
    'fjord_ror.no',
    '-fjordror.no',
    'mailto:post@fjordror.no',
    'post@fjordror.no',
  ])('%j is no host name', (input) => expect(siteDomain(input)).toBeNull());
});

describe('SitesSection', () => {
  it('shows the sites with their tag and copies it', async () => {
    const user = userEvent.setup();
    renderApp(Section);
    const tag = `<script async src="${window.location.origin}/embed/popups.js" data-site="${POPUP_SITE_KEY}"></script>`;
    expect(await screen.findByText(tag)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Vis på fjordbygg.no' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Kopier koden for fjordbygg.no' }));
    expect(await navigator.clipboard.readText()).toBe(tag);
  });

  it('warns that a popup on no site shows nowhere, and puts it on one', async () => {
    const user = userEvent.setup();
    renderApp(() => <Section siteIds={[]} />);
    expect(await screen.findByText(/Popupen er ikke på noe nettsted ennå/)).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Vis på fjordbygg.no' }));
    await waitFor(() =>
      expect(state.requests.find((request) => request.url.pathname.endsWith('popups_sites'))?.body).toEqual({
        popup_id: POPUP,
        site_id: POPUP_SITE,
        organization_id: ORG,
      }),
    );
    expect(screen.queryByText(/Popupen er ikke på noe nettsted ennå/)).not.toBeInTheDocument();
  });

  it('takes the popup off a site', async () => {
    const user = userEvent.setup();
    renderApp(Section);
    await user.click(await screen.findByRole('checkbox', { name: 'Vis på fjordbygg.no' }));
    await waitFor(() => expect(state.requests.some((request) => request.method === 'DELETE')).toBe(true));
    const removal = state.requests.find((request) => request.method === 'DELETE');
    expect(removal?.url.pathname).toMatch(/popups_sites$/);
    expect(removal?.url.searchParams.get('site_id')).toBe(`eq.${POPUP_SITE}`);
  });

  it('registers a site from a pasted address and puts the popup on it', async () => {
    const user = userEvent.setup();
    renderApp(Section);
    await user.click(await screen.findByRole('button', { name: 'Registrer nettsted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrer nettsted' });
    await user.type(within(dialog).getByLabelText('Domene'), 'https://www.fjordror.no/kontakt');
    await user.click(within(dialog).getByRole('button', { name: 'Registrer nettsted' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const insert = state.requests.find(
      (request) => request.method === 'POST' && request.url.pathname.endsWith('popup_sites'),
    );
    expect(insert?.body).toEqual({
      domain: 'www.fjordror.no',
      include_subdomains: true,
      max_per_session: 1,
      max_per_day: 2,
      organization_id: ORG,
    });
    await waitFor(() =>
      expect(
        state.requests.find((request) => request.url.pathname.endsWith('popups_sites'))?.body,
      ).toMatchObject({ popup_id: POPUP, site_id: 'ce000000-0000-4000-8000-0000000000e1' }),
    );
  });

  it('says what a domain must be, keeps what was typed and sends nothing', async () => {
    const user = userEvent.setup();
    renderApp(Section);
    await user.click(await screen.findByRole('button', { name: 'Registrer nettsted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrer nettsted' });
    const field = within(dialog).getByLabelText('Domene');
    await user.type(field, 'fjord ror');
    await user.clear(within(dialog).getByLabelText('Høyst popups per dag', { exact: false }));
    await user.type(within(dialog).getByLabelText('Høyst popups per dag', { exact: false }), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Registrer nettsted' }));
    expect(
      await within(dialog).findByText(
        'Skriv domenet som et vertsnavn, for eksempel fjordror.no, uten https://, port eller sti.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Skriv et helt tall fra 1 til 20.')).toBeInTheDocument();
    expect(field).toHaveValue('fjord ror');
    expect(state.requests).toEqual([]);
  });

  it('shows the database refusal of a domain', async () => {
    const user = userEvent.setup();
    state.refuse.popup_sites = 'popup-site-invalid';
    renderApp(Section);
    await user.click(await screen.findByRole('button', { name: 'Registrer nettsted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrer nettsted' });
    await user.type(within(dialog).getByLabelText('Domene'), 'fjordror.no');
    await user.click(within(dialog).getByRole('button', { name: 'Registrer nettsted' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Skriv domenet som et vertsnavn');
  });

  it('refuses a member who deletes a site, in Norwegian', async () => {
    const user = userEvent.setup();
    state.role = 'member';
    renderApp(Section);
    await user.click(await screen.findByRole('button', { name: 'Slett fjordbygg.no' }));
    const confirm = await screen.findByRole('dialog', { name: 'Slette fjordbygg.no?' });
    await user.click(within(confirm).getByRole('button', { name: 'Slett' }));
    expect(await screen.findByText(/Du har ikke tilgang til dette/)).toBeInTheDocument();
    expect(state.sites).toHaveLength(1);
  });

  it('lets an owner delete a site', async () => {
    const user = userEvent.setup();
    renderApp(Section);
    await user.click(await screen.findByRole('button', { name: 'Slett fjordbygg.no' }));
    const confirm = await screen.findByRole('dialog', { name: 'Slette fjordbygg.no?' });
    await user.click(within(confirm).getByRole('button', { name: 'Slett' }));
    await waitFor(() => expect(state.sites).toHaveLength(0));
  });
});
