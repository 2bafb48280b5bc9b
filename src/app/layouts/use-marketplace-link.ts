import { useQuery } from '@tanstack/react-query';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { hostMarketplaceQueryOptions } from '@/lib/account/api/get-host-marketplace';
import { organizationMarketplaceHostsQueryOptions } from '@/lib/account/api/get-marketplace-hosts';
import { currentHostname, hostKindOf } from '@/lib/host';
import { hostMarketplacePath } from '@/lib/paths';

/** Where «Markedsplass» in the menu leads: a screen of this app, another host, or nowhere (hidden). */
export type MarketplaceLink = { kind: 'route'; to: string } | { kind: 'host'; href: string } | null;

/** The same path on another host, keeping this page's scheme and port (local hosts share :5173). */
export function urlOnHost(hostname: string, path: string, location: Pick<Location, 'protocol' | 'port'>) {
  return `${location.protocol}//${hostname}${location.port ? `:${location.port}` : ''}${path}`;
}

/**
 * An ordinary host is its own marketplace. The competition host usually has none (its
 * /marketplace/own would say «Fant ingen markedsplass»), so the link goes to the host of a
 * marketplace the organization is on, and is left out when there is none.
 */
export function useMarketplaceLink(): MarketplaceLink {
  const hostname = currentHostname();
  const onCompetitionHost = hostKindOf(hostname) === 'competition';
  const organizationId = useCurrentOrganization()?.organizationId ?? '';
  const ownMarketplace = useQuery({ ...hostMarketplaceQueryOptions(hostname), enabled: onCompetitionHost });
  const otherHosts = useQuery({
    ...organizationMarketplaceHostsQueryOptions(organizationId),
    enabled: onCompetitionHost && organizationId !== '' && ownMarketplace.data === null,
  });

  if (!onCompetitionHost) return { kind: 'route', to: hostMarketplacePath('marketplace') };
  if (ownMarketplace.data) return { kind: 'route', to: hostMarketplacePath('competition') };
  const host = otherHosts.data?.[0];
  return host ? { kind: 'host', href: urlOnHost(host, '/', window.location) } : null;
}
