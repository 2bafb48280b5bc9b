import { initialsOf, matchingOrganizations } from '@/app/layouts/shell-text';

const memberships = [
  { organizationId: '1', name: 'Fjord Rør AS', role: 'owner' },
  { organizationId: '2', name: 'Vestland Tak AS', role: 'member' },
  { organizationId: '3', name: 'Nordlys Elektro', role: 'admin' },
];

describe('matchingOrganizations', () => {
  it('lists every organization for an empty search', () => {
    expect(matchingOrganizations(memberships, '  ')).toHaveLength(3);
  });

  it('finds by part of the name, whatever the case and the Norwegian letters typed', () => {
    expect(matchingOrganizations(memberships, 'TAK').map((m) => m.name)).toEqual(['Vestland Tak AS']);
    expect(matchingOrganizations(memberships, 'rør').map((m) => m.name)).toEqual(['Fjord Rør AS']);
    expect(matchingOrganizations(memberships, 'ror').map((m) => m.name)).toEqual(['Fjord Rør AS']);
  });

  it('finds nothing for a name no organization has', () => {
    expect(matchingOrganizations(memberships, 'Bergen')).toEqual([]);
  });
});

describe('initialsOf', () => {
  it('takes the first and last name’s initials', () => {
    expect(initialsOf('Ola Jakob Nordmann', 'ola@fjordror.no')).toBe('ON');
  });

  it('takes two letters of a single name, and the e-mail’s first letter without a name', () => {
    expect(initialsOf('siri', undefined)).toBe('SI');
    expect(initialsOf('  ', 'kari@fjordror.no')).toBe('K');
    expect(initialsOf(undefined, undefined)).toBe('?');
  });
});
