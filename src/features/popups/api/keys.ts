import { keyRoots } from '@/lib/api/key-roots';

/** The signed-in popup screens: the list, the organization's sites, one popup's editor and results. */
export const popupKeys = {
  all: keyRoots.popups,
  lists: (organizationId: string) => [...keyRoots.popups, 'list', organizationId] as const,
  sites: (organizationId: string) => [...keyRoots.popups, 'sites', organizationId] as const,
  /** The organization's published forms a popup may show. */
  forms: (organizationId: string) => [...keyRoots.popups, 'forms', organizationId] as const,
  popup: (popupId: string) => [...keyRoots.popups, 'popup', popupId] as const,
  results: (popupId: string, from: string, to: string) =>
    [...popupKeys.popup(popupId), 'results', from, to] as const,
};
