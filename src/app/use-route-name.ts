import { useMatches } from 'react-router-dom';
import type { RouteMeta } from './route-meta';

/** The name of the deepest matched route that has one (spec name, e.g. `leads`, `not-found`). */
export function useRouteName(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as { meta?: RouteMeta } | undefined;
    if (handle?.meta) return handle.meta.name;
  }
  return undefined;
}
