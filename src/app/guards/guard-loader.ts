import { redirect, type LoaderFunction } from 'react-router-dom';
import { notify } from '@/components/notification-store';
import { errorMessage } from '@/lib/error-message';
import type { HostKind } from '@/lib/host';
import { saveReturnTo, takeReturnTo } from '@/lib/return-to';
import { takeAccessTokenInUrl } from '@/lib/url-session';
import type { RouteMeta } from '../route-meta';
import { runGuards, type GuardEffects } from './run-guards';

export type GuardLoaderData = { organizationId: string | null };

/**
 * Wires the guard chain into the router: a route's loader runs the chain before anything of the
 * route renders, so protected content never flashes; a redirect is thrown as the router's redirect.
 */
export function guardLoader(meta: RouteMeta, hostKind: HostKind, effects: GuardEffects): LoaderFunction {
  return async ({ request, params }): Promise<GuardLoaderData> => {
    const url = new URL(request.url);
    const decision = await runGuards(
      {
        route: meta,
        pathname: url.pathname,
        search: url.searchParams,
        params,
        hostKind,
        accessTokenInUrl: takeAccessTokenInUrl(),
      },
      effects,
    );
    if (decision.kind === 'redirect') {
      if (decision.remember) saveReturnTo(decision.remember);
      if (decision.notify) notify({ message: errorMessage(decision.notify), tone: 'error' });
      throw redirect(decision.resume ? takeReturnTo(decision.to) : decision.to);
    }
    return { organizationId: decision.organizationId };
  };
}
