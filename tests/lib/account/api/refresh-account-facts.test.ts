import { QueryClient } from '@tanstack/react-query';
import { profileQueryOptions } from '@/lib/account/api/get-profile';
import { accountKeys } from '@/lib/account/api/keys';
import { refreshAccountFacts } from '@/lib/account/api/refresh-account-facts';

/** A cached fact whose query answers `next` when read again, as the guard would find it. */
function cachedFact(queryClient: QueryClient, queryKey: readonly unknown[], first: string, next: string) {
  // The server's side: what it answers changes after the first read (a write happened).
  const server = { answer: first };
  const queryFn = () => Promise.resolve(server.answer);
  const options = { queryKey, queryFn };
  return {
    async load() {
      await queryClient.fetchQuery(options);
      server.answer = next;
    },
    // What the guard chain does: ensureQueryData keeps cached data, however stale.
    read: () => queryClient.ensureQueryData(options),
  };
}

describe('refreshAccountFacts', () => {
  it('reads every status of an organization again, so the guard’s ensureQueryData sees the new ones', async () => {
    const queryClient = new QueryClient();
    const first = cachedFact(queryClient, accountKeys.marketplaceStatus('org', 'm1'), 'no card', 'card');
    const second = cachedFact(queryClient, accountKeys.marketplaceStatus('org', 'm2'), 'no card', 'card');
    const other = cachedFact(
      queryClient,
      accountKeys.marketplaceStatus('other-org', 'm1'),
      'no card',
      'card',
    );
    await Promise.all([first.load(), second.load(), other.load()]);

    await refreshAccountFacts(queryClient, { marketplaceStatus: { organizationId: 'org' } });

    expect(await first.read()).toBe('card');
    expect(await second.read()).toBe('card');
    expect(await other.read()).toBe('no card');
  });

  it('puts a saved profile in place at once and reads the memberships again', async () => {
    const queryClient = new QueryClient();
    const memberships = cachedFact(queryClient, accountKeys.organizations('user'), 'none', 'one');
    await memberships.load();
    const saved = { id: 'user', name: 'Kari', img: null };
    // The guard read «no profile» before the user saved one; the server now answers the saved one.
    let stored: typeof saved | null = null;
    await queryClient.fetchQuery({
      queryKey: profileQueryOptions('user').queryKey,
      queryFn: () => Promise.resolve(stored),
    });
    stored = saved;

    const refreshing = refreshAccountFacts(queryClient, {
      profile: { userId: 'user', saved },
      organizations: { userId: 'user' },
    });
    expect(queryClient.getQueryData(profileQueryOptions('user').queryKey)).toEqual(saved);
    await refreshing;

    expect(await memberships.read()).toBe('one');
  });
});
