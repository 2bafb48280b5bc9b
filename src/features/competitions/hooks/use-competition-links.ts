import { currentHostname, hostKindOf } from '@/lib/host';

/**
 * The area's signed-in links for the host the page is on: the competition host has the list at `/`
 * and a competition's edit and preview pages at its root.
 */
export function useCompetitionLinks() {
  const root = hostKindOf(currentHostname()) === 'competition' ? '' : '/fyllopp';
  return {
    list: root === '' ? '/' : '/fyllopp/list',
    add: '/fyllopp/add',
    edit: (id: string) => `${root}/${encodeURIComponent(id)}/edit`,
    preview: (id: string) => `${root}/${encodeURIComponent(id)}/preview`,
    intro: (id: string) => `/fyllopp/${encodeURIComponent(id)}`,
    iframe: (id: string) => `/fyllopp/iframe?id=${encodeURIComponent(id)}`,
  };
}
