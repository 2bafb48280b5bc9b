import { keyRoots } from '@/lib/api/key-roots';

/** The signed-in funnel screens: the list, one funnel's editor read and its figures. */
export const funnelKeys = {
  all: keyRoots.funnels,
  lists: (organizationId: string) => [...keyRoots.funnels, 'list', organizationId] as const,
  choices: (organizationId: string) => [...keyRoots.funnels, 'choices', organizationId] as const,
  funnel: (funnelId: string) => [...keyRoots.funnels, 'funnel', funnelId] as const,
  media: (funnelId: string, mediaIds: readonly string[]) =>
    [...funnelKeys.funnel(funnelId), 'media', [...mediaIds].sort().join(',')] as const,
  figures: (funnelId: string, from: string, to: string) =>
    [...funnelKeys.funnel(funnelId), 'figures', from, to] as const,
};
