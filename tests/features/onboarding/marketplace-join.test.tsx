import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import OnboardingMarketplaceJoinPage from '@/features/onboarding/routes/marketplace-join';
import LeadsMarketplaceOnboardingPage from '@/features/onboarding/routes/marketplace-onboarding';
import OnboardingMarketplaceRegisterPage from '@/features/onboarding/routes/marketplace-register';
import { membershipListHandlers } from '../../msw/handlers/account';
import { introAnswer, introHandler, ownOrganizationHandlers } from '../../msw/handlers/onboarding';
import { setupMswServer } from '../../msw/server';
import { MARKETPLACE, ORG } from '../../support/ids';
import { landedRoute } from '../../support/landed';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn, SUPABASE } from '../../support/session';

const server = setupMswServer();
beforeAll(() => prepareI18n('onboarding'));

const RETURN_TO = 'leadtorget.return-to';

function backend(
  options: { intro?: Record<string, unknown> | null; isMember?: boolean; join?: () => Response } = {},
) {
  const calls = { introArgs: [] as unknown[], joined: [] as unknown[] };
  let isMember = options.isMember ?? false;
  server.use(
    introHandler(calls.introArgs, options.intro === undefined ? introAnswer : options.intro),
    http.post(`${SUPABASE}/rest/v1/rpc/marketplace_payment_status`, () =>
      HttpResponse.json({ is_member: isMember, plan: null, needs_payment_setup: false }),
    ),
    http.post(`${SUPABASE}/rest/v1/marketplaces_organizations`, async ({ request }) => {
      calls.joined.push(await request.json());
      if (options.join) return options.join();
      isMember = true;
      return new HttpResponse(null, { status: 201 });
    }),
  );
  return calls;
}

const forbidden = () =>
  HttpResponse.json(
    {
      code: '42501',
      message: 'new row violates row-level security policy for table "marketplaces_organizations"',
    },
    { status: 403 },
  );

describe('/bli-partner', () => {
  it("shows this host's marketplace, what membership gives and the packs with prices", async () => {
    const calls = backend();
    renderApp(OnboardingMarketplaceJoinPage, {
      path: '/bli-partner',
      entry: '/bli-partner',
      routes: [landedRoute],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bli partner på Leadtorget' }),
    ).toBeInTheDocument();
    expect(calls.introArgs[0]).toEqual({ input_host: 'localhost' });
    expect(screen.getByRole('heading', { name: 'Dette får dere' })).toBeInTheDocument();
    expect(screen.getByText(/Etter behov: dere betaler med kort .*99,00\s*kr/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '50 klipp' })).toHaveAccessibleDescription(
      expect.stringMatching(/4\s000,00\s*kr/),
    );
    expect(screen.getByRole('radio', { name: 'Etter behov' })).not.toBeChecked();
  });

  it('sends a visitor to sign in, remembering the registration step with the chosen pack', async () => {
    backend();
    const { router } = renderApp(OnboardingMarketplaceJoinPage, {
      path: '/bli-partner',
      entry: '/bli-partner',
      routes: [landedRoute],
    });
    await userEvent.click(await screen.findByRole('radio', { name: '10 klipp' }));
    expect(screen.getByRole('radio', { name: 'Klippekort' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Bli med' }));

    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/auth$/);
    expect(router.state.location.pathname).toBe('/auth');
    expect(sessionStorage.getItem(RETURN_TO)).toBe('/onboarding/registrer?plan=tickets&tickets=10');
  });

  it('remembers the plain registration step when no plan was chosen', async () => {
    backend();
    renderApp(OnboardingMarketplaceJoinPage, {
      path: '/bli-partner',
      entry: '/bli-partner',
      routes: [landedRoute],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Bli med' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/auth$/);
    expect(sessionStorage.getItem(RETURN_TO)).toBe('/onboarding/registrer');
  });

  it('keeps a plan from the link chosen', async () => {
    backend();
    renderApp(OnboardingMarketplaceJoinPage, {
      path: '/bli-partner',
      entry: '/bli-partner?plan=tickets&tickets=25',
      routes: [landedRoute],
    });
    expect(await screen.findByRole('radio', { name: '25 klipp' })).toBeChecked();
  });

  it('joins for a signed-in owner and goes on to the plans with the choice', async () => {
    const calls = backend();
    signIn();
    server.use(...ownOrganizationHandlers());
    renderApp(OnboardingMarketplaceJoinPage, {
      path: '/bli-partner',
      entry: '/bli-partner',
      routes: [landedRoute],
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Etter behov' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bli med' }));

    expect(await screen.findByTestId('landed')).toHaveTextContent(
      /^\/onboarding\/marketplace\/plans\?plan=on_demand$/,
    );
    expect(calls.joined).toEqual([{ marketplace_id: MARKETPLACE, organization_id: ORG }]);
  });

  it('sends a signed-in user without an organization to the registration step (the guard asks for one)', async () => {
    const calls = backend();
    signIn();
    server.use(...membershipListHandlers([]));
    renderApp(OnboardingMarketplaceJoinPage, {
      path: '/bli-partner',
      entry: '/bli-partner',
      routes: [landedRoute],
    });
    await userEvent.click(await screen.findByRole('radio', { name: '10 klipp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bli med' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(
      '/onboarding/registrer?plan=tickets&tickets=10',
    );
    expect(calls.joined).toEqual([]);
  });

  it('says clearly when this host has no marketplace', async () => {
    backend({ intro: null });
    renderApp(OnboardingMarketplaceJoinPage, {
      path: '/bli-partner',
      entry: '/bli-partner',
      routes: [landedRoute],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fant ingen markedsplass' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Denne adressen hører ikke til noen markedsplass/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bli med' })).not.toBeInTheDocument();
  });
});

describe('/onboarding/registrer', () => {
  it("joins this host's marketplace for the current organization, then the plans", async () => {
    const calls = backend();
    signIn();
    server.use(...ownOrganizationHandlers('admin'));
    renderApp(OnboardingMarketplaceRegisterPage, {
      path: '/onboarding/registrer',
      entry: '/onboarding/registrer',
      routes: [landedRoute],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Meld organisasjonen inn i Leadtorget' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Organisasjon: Fjord Rør AS')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bli med' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/onboarding\/marketplace\/plans$/);
    expect(calls.joined).toHaveLength(1);
  });

  it('tells a plain member that an owner or admin must join (the database refuses)', async () => {
    const calls = backend({ join: forbidden });
    signIn();
    server.use(...ownOrganizationHandlers('member'));
    renderApp(OnboardingMarketplaceRegisterPage, {
      path: '/onboarding/registrer',
      entry: '/onboarding/registrer',
      routes: [landedRoute],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Bli med' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bare eiere og administratorer kan melde Fjord Rør AS inn i en markedsplass.',
    );
    expect(screen.getByRole('button', { name: 'Bli med' })).toBeDisabled();
    expect(calls.joined).toHaveLength(1);
    expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
  });

  it('lets an organization that already belongs go straight on', async () => {
    const calls = backend({ isMember: true });
    signIn();
    server.use(...ownOrganizationHandlers());
    renderApp(OnboardingMarketplaceRegisterPage, {
      path: '/onboarding/registrer',
      entry: '/onboarding/registrer',
      routes: [landedRoute],
    });
    expect(await screen.findByText('Fjord Rør AS er allerede med i Leadtorget.')).toHaveAttribute(
      'role',
      'status',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Gå videre' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/onboarding/marketplace/plans');
    expect(calls.joined).toEqual([]);
  });
});

describe('/leads/marketplace/onboarding', () => {
  it('joins the marketplace opened by id and remembers its page to come back to', async () => {
    const calls = backend();
    signIn();
    server.use(...ownOrganizationHandlers());
    renderApp(LeadsMarketplaceOnboardingPage, {
      path: '/leads/marketplace/onboarding',
      entry: '/leads/marketplace/onboarding?from=dashboard&marketplace=m9',
      routes: [landedRoute],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Bli med' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(
      '/onboarding/marketplace/plans?marketplace=',
    );
    expect(calls.introArgs).toEqual([{ input_marketplace_id: 'm9' }]);
    expect(sessionStorage.getItem(RETURN_TO)).toBe(`/leads/marketplace/${MARKETPLACE}`);
  });

  it('keeps a remembered marketplace page with its query', async () => {
    backend();
    signIn();
    sessionStorage.setItem(RETURN_TO, `/leads/marketplace/${MARKETPLACE}?lead=l1`);
    server.use(...ownOrganizationHandlers());
    renderApp(LeadsMarketplaceOnboardingPage, {
      path: '/leads/marketplace/onboarding',
      entry: `/leads/marketplace/onboarding?from=dashboard&marketplace=${MARKETPLACE}`,
      routes: [landedRoute],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Bli med' }));
    await screen.findByTestId('landed');
    expect(sessionStorage.getItem(RETURN_TO)).toBe(`/leads/marketplace/${MARKETPLACE}?lead=l1`);
  });
});
