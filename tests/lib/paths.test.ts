import { isMarketplacePath } from '@/lib/paths';

describe('isMarketplacePath', () => {
  it.each([
    ['/', 'marketplace', true],
    ['/?lead=l1&ad=a1', 'marketplace', true],
    ['/marketplace/own', 'competition', true],
    ['/leads/marketplace/c0000000-0000-4000-8000-000000000002', 'marketplace', true],
    ['/leads/marketplace/m1?lead=l1', 'competition', true],
    // Not a marketplace screen: the competition host's home, admin and onboarding, other areas.
    ['/', 'competition', false],
    ['/marketplace/own', 'marketplace', false],
    ['/leads/marketplace/m1/admin', 'marketplace', false],
    ['/leads/marketplace/onboarding?from=dashboard', 'marketplace', false],
    ['/leads', 'marketplace', false],
    ['/payments', 'marketplace', false],
  ] as const)('%s on a %s host → %s', (path, hostKind, expected) => {
    expect(isMarketplacePath(path, hostKind)).toBe(expected);
  });
});
