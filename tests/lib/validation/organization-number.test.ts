import {
  isValidOrganizationNumber,
  normalizeOrganizationNumber,
  organizationNumberProblem,
} from '@/lib/validation/organization-number';

describe('organization numbers (mod 11, weights 3 2 7 6 5 4 3 2)', () => {
  it.each(['923609016', '915226485', '926431056', '918002448', '910000020'])('%s is valid', (value) => {
    expect(isValidOrganizationNumber(value)).toBe(true);
  });

  it('accepts spaces as people type them', () => {
    expect(normalizeOrganizationNumber(' 923 609\t016 ')).toBe('923609016');
    expect(organizationNumberProblem('923 609 016')).toBeNull();
  });

  it.each(['923609017', '923609010', '915226484', '123456789'])('%s has a wrong check digit', (value) => {
    expect(organizationNumberProblem(value)).toBe('checksum');
  });

  it('rejects a number whose check digit would be 10 (never issued)', () => {
    for (let digit = 0; digit <= 9; digit += 1) {
      expect(organizationNumberProblem(`91000008${digit}`)).toBe('checksum');
    }
  });

  it.each(['', '92360901', '9236090160', '92360901a', '923-609-016'])(
    '«%s» has the wrong length or characters',
    (value) => {
      expect(organizationNumberProblem(value)).toBe('length');
    },
  );
});
