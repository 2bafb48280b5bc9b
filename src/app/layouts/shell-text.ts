import type { Membership } from '@/lib/account/api/get-organizations';

/** Case- and accent-insensitive, so «ror» finds «Fjord Rør AS» too. */
function normalized(text: string) {
  return text
    .toLocaleLowerCase('nb')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae');
}

export function matchingOrganizations(memberships: Membership[], query: string) {
  const wanted = normalized(query.trim());
  return wanted
    ? memberships.filter((membership) => normalized(membership.name).includes(wanted))
    : memberships;
}

/** «Ola Nordmann» → «ON»; an e-mail address gives its first letter. */
export function initialsOf(name: string | undefined, email: string | undefined) {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const [first = '', last = ''] = [words[0], words.length > 1 ? words.at(-1) : undefined];
  if (first) return (last ? `${first[0]}${last[0]}` : first.slice(0, 2)).toUpperCase();
  return (email ?? '?').slice(0, 1).toUpperCase();
}
