import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import OnboardingMarketplacePlansPage from '@/features/onboarding/routes/marketplace-plans';
import { saveReturnTo } from '@/lib/return-to';
import type { TestMembership } from '../../msw/handlers/account';
import { introHandler, ownOrganizationHandlers } from '../../msw/handlers/onboarding';
import { setupMswServer } from '../../msw/server';
import { MARKETPLACE, ORG } from '../../support/ids';
import { landedRoute } from '../../support/landed';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn, SUPABASE } from '../../support/session';

const server = setupMswServer();
beforeAll(() => prepareI18n('onboarding'));

type Status = { is_member: boolean; plan: string | null; needs_payment_setup: boolean };

function backend(status: Status = { is_member: true, plan: null, needs_payment_setup: false }) {
  const calls = {
    introArgs: [] as unknown[],
    joined: [] as unknown[],
    plans: [] as { body: unknown; onConflict: string | null; prefer: string | null }[],
  };
  let current = status;
  server.use(
    introHandler(calls.introArgs),
    http.post(`${SUPABASE}/rest/v1/rpc/marketplace_payment_status`, () => HttpResponse.json(current)),
    http.post(`${SUPABASE}/rest/v1/marketplaces_organizations`, async ({ request }) => {
      calls.joined.push(await request.json());
      current = { ...current, is_member: true };
      return new HttpResponse(null, { status: 201 });
    }),
    http.post(`${SUPABASE}/rest/v1/organizations_marketplaces_configs`, async ({ request }) => {
      const url = new URL(request.url);
      calls.plans.push({
        body: await request.json(),
        onConflict: url.searchParams.get('on_conflict'),
        prefer: request.headers.get('prefer'),
      });
      current = { ...current, plan: 'tickets', needs_payment_setup: true };
      return new HttpResponse(null, { status: 201 });
    }),
  );
  return calls;
}

function renderPlans(query = '', role: TestMembership['role'] = 'owner') {
  signIn();
  server.use(...ownOrganizationHandlers(role));
  return renderApp(OnboardingMarketplacePlansPage, {
    path: '/onboarding/marketplace/plans',
    entry: `/onboarding/marketplace/plans${query}`,
    routes: [landedRoute],
  });
}

describe('/onboarding/marketplace/plans', () => {
  it('preselects the exact pack from plan=tickets&tickets=10', async () => {
    backend();
    renderPlans('?plan=tickets&tickets=10');
    expect(await screen.findByRole('radio', { name: '10 klipp' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Klippekort' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Etter behov' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '25 klipp' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '10 klipp' })).toHaveAccessibleDescription(
      expect.stringMatching(/1\s000,00\s*kr/),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('chooses the smallest larger pack for a size that is not offered, and says so', async () => {
    backend();
    renderPlans('?plan=tickets&tickets=12');
    expect(await screen.findByRole('radio', { name: '25 klipp' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Det finnes ingen pakke med 12 klipp. Vi har valgt den nærmeste større pakken: 25 klipp.',
    );
  });

  it('chooses no pack when none is large enough, and asks for one on submit', async () => {
    const calls = backend();
    renderPlans('?plan=tickets&tickets=500');
    expect(await screen.findByRole('radio', { name: 'Klippekort' })).toBeChecked();
    for (const name of ['10 klipp', '25 klipp', '50 klipp']) {
      expect(screen.getByRole('radio', { name })).not.toBeChecked();
    }
    expect(screen.getByRole('status')).toHaveTextContent('Det finnes ingen pakke med 500 klipp eller flere.');
    await userEvent.click(screen.getByRole('button', { name: 'Velg plan' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Velg en pakke med klipp.');
    expect(calls.plans).toEqual([]);
  });

  it('preselects on_demand', async () => {
    backend();
    renderPlans('?plan=on_demand');
    expect(await screen.findByRole('radio', { name: 'Etter behov' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Klippekort' })).not.toBeChecked();
  });

  it('asks for a plan when none is chosen', async () => {
    const calls = backend();
    renderPlans();
    await userEvent.click(await screen.findByRole('button', { name: 'Velg plan' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Velg en plan.');
    expect(screen.getByRole('group', { name: 'Plan' })).toHaveAccessibleDescription('Velg en plan.');
    expect(calls.plans).toEqual([]);
  });

  it('saves the tickets plan with the pack size and returns to the remembered target', async () => {
    const calls = backend();
    saveReturnTo('/?lead=l1');
    const { queryClient } = renderPlans('?plan=tickets&tickets=10');
    await userEvent.click(await screen.findByRole('radio', { name: '25 klipp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Velg plan' }));

    expect(await screen.findByTestId('landed')).toHaveTextContent('/?lead=l1');
    expect(calls.introArgs).toEqual([{ input_host: 'localhost' }]);
    expect(calls.joined).toEqual([]);
    expect(calls.plans).toEqual([
      {
        body: {
          organization_id: ORG,
          marketplace_id: MARKETPLACE,
          plan: 'tickets',
          tickets_per_month: 25,
        },
        onConflict: 'organization_id,marketplace_id',
        prefer: expect.stringContaining('resolution=merge-duplicates') as unknown,
      },
    ]);
    // The status the guard reads next is the new one, not the cached one.
    expect(queryClient.getQueryData(['account', 'marketplace-status', ORG, MARKETPLACE])).toMatchObject({
      plan: 'tickets',
      needsPaymentSetup: true,
      paymentConfigured: false,
    });
  });

  it('saves on_demand without tickets, for the marketplace of the remembered marketplace page', async () => {
    const calls = backend();
    saveReturnTo('/leads/marketplace/m-other');
    renderPlans();
    await userEvent.click(await screen.findByRole('radio', { name: 'Etter behov' }));
    await userEvent.click(screen.getByRole('button', { name: 'Velg plan' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/leads/marketplace/m-other');
    expect(calls.introArgs).toEqual([{ input_marketplace_id: 'm-other' }]);
    expect(calls.plans[0]?.body).toMatchObject({ plan: 'on_demand', tickets_per_month: null });
  });

  it('joins first when the organization is not a member, and skips a remembered onboarding step', async () => {
    const calls = backend({ is_member: false, plan: null, needs_payment_setup: false });
    saveReturnTo('/onboarding/registrer');
    renderPlans(`?plan=on_demand&marketplace=${MARKETPLACE}`);
    expect(await screen.findByText('Fjord Rør AS blir samtidig med i Leadtorget.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Velg plan' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/leads/marketplace/' + MARKETPLACE);
    expect(calls.introArgs).toEqual([{ input_marketplace_id: MARKETPLACE }]);
    expect(calls.joined).toEqual([{ marketplace_id: MARKETPLACE, organization_id: ORG }]);
    expect(calls.plans).toHaveLength(1);
  });

  it('tells a plain member to ask an owner or admin, and offers no form', async () => {
    backend();
    renderPlans('?plan=on_demand', 'member');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bare eiere og administratorer kan velge plan for Fjord Rør AS.',
    );
    expect(screen.queryByRole('button', { name: 'Velg plan' })).not.toBeInTheDocument();
  });

  it('shows a refused save as a clear message', async () => {
    backend();
    server.use(
      http.post(`${SUPABASE}/rest/v1/organizations_marketplaces_configs`, () =>
        HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 }),
      ),
    );
    renderPlans('?plan=on_demand');
    await userEvent.click(await screen.findByRole('button', { name: 'Velg plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ukjent feil, noe gikk galt.');
    expect(screen.getByRole('radio', { name: 'Etter behov' })).toBeChecked();
    expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Velg plan' })).toBeEnabled());
  });
});
