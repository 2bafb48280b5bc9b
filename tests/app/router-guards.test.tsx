import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionFacts } from '@/app/guards/guard-chain';
import type { GuardEffects } from '@/app/guards/run-guards';
import { initI18n } from '@/lib/i18n';
import { renderRoutes } from '../support/render-routes';

beforeAll(async () => {
  await initI18n(undefined, 'nb');
});

const member: SessionFacts = {
  userId: 'u1',
  email: 'kari@example.no',
  emailConfirmed: true,
  fullName: 'Kari Nordmann',
  picture: null,
};

function effects(session: Promise<SessionFacts | null>): GuardEffects {
  return {
    loadSession: () => session,
    loadProfile: () => Promise.resolve(true),
    loadOrganizations: () => Promise.resolve({ memberOf: ['o1'], lastSelectedId: 'o1' }),
    loadMarketplace: () => Promise.resolve({ marketplaceId: 'm1', isMember: true, paymentConfigured: true }),
    perform: () => Promise.resolve(),
  };
}

describe('the guard chain in the router', () => {
  it('renders nothing of a protected screen before the guards decide, then sends a stranger to sign in', async () => {
    let answer: (session: SessionFacts | null) => void = () => undefined;
    const session = new Promise<SessionFacts | null>((resolve) => (answer = resolve));
    const { router, root } = renderRoutes('/leads', effects(session));

    // While the decision is pending, the Leads screen must not exist in the document at all.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Leads' })).not.toBeInTheDocument();
    expect(root.dataset.routeName).toBeUndefined();

    answer(null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    await waitFor(() => expect(root.dataset.routeName).toBe('auth'));
    expect(screen.queryByRole('heading', { name: 'Leads' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('leadtorget.return-to')).toBe('/leads');
  });

  it('shows the screen to a member and names the route on the root element', async () => {
    const { root } = renderRoutes('/leads', effects(Promise.resolve(member)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeInTheDocument();
    expect(root.dataset.routeName).toBe('leads');
    expect(screen.getByRole('navigation', { name: 'Hovedmeny' })).toBeInTheDocument();
  });

  it('renders the not-found page for unknown paths', async () => {
    const { root } = renderRoutes('/dette/finnes/ikke', effects(Promise.resolve(null)));
    expect(await screen.findByRole('heading', { name: 'Siden finnes ikke' })).toBeInTheDocument();
    expect(root.dataset.routeName).toBe('not-found');
  });

  it('shows the join page without layout navigation', async () => {
    const { root } = renderRoutes('/bli-partner', effects(Promise.resolve(null)));
    await waitFor(() => expect(root.dataset.routeName).toBe('onboarding-marketplace-join'));
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows a route error with the Norwegian message when a guard cannot load its data', async () => {
    const failing = {
      ...effects(Promise.resolve(member)),
      loadProfile: () => Promise.reject(new Error('boom')),
    };
    renderRoutes('/leads', failing);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ukjent feil, noe gikk galt. Vennligst prøv igjen senere.',
    );
  });
});
