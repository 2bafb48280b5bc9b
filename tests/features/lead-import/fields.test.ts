import {
  guessField,
  guessMapping,
  loadRememberedMapping,
  rememberMapping,
} from '@/features/lead-import/utils/fields';

describe('guessField', () => {
  it.each([
    ['Navn', 'name'],
    ['Fullt navn', 'name'],
    ['Full name', 'name'],
    ['Fornavn', 'first_name'],
    ['Etternavn', 'last_name'],
    ['E-post', 'email'],
    ['Epostadresse', 'email'],
    ['E-mail', 'email'],
    ['email_address', 'email'],
    ['Tlf.', 'phone'],
    ['Mobilnummer', 'phone'],
    ['Phone number', 'phone'],
    ['Firma', 'company'],
    ['Company', 'company'],
    ['Postnr', 'postal_code'],
    ['Post nr.', 'postal_code'],
    ['ZIP code', 'postal_code'],
    ['Poststed', 'city'],
    ['City', 'city'],
    ['Kategori', 'category'],
    ['Område', 'area'],
    ['Fylke', 'area'],
    ['Kommentar', 'notes'],
    ['Notes', 'notes'],
    ['Samtykke', 'consent'],
    ['Opt-in', 'consent'],
    ['Kundenummer', ''],
    ['', ''],
  ] as const)('%j → %j', (header, field) => {
    expect(guessField(header)).toBe(field);
  });
});

describe('guessMapping', () => {
  it('guesses each column and uses a field once', () => {
    expect(guessMapping(['Navn', 'E-post', 'Mobil', 'Telefon', 'Ukjent'])).toEqual([
      'name',
      'email',
      'phone',
      '',
      '',
    ]);
  });

  it('prefers what the organization chose before, including leaving a column out', () => {
    expect(guessMapping(['Kunde', 'E-post', 'Info'], { kunde: 'company', info: 'notes', epost: '' })).toEqual(
      ['company', '', 'notes'],
    );
  });
});

describe('remembered mapping', () => {
  beforeEach(() => localStorage.clear());

  it('is kept per organization and merged across files', () => {
    rememberMapping('org-1', ['Kunde', 'Tlf'], ['name', 'phone']);
    rememberMapping('org-1', ['Info'], ['notes']);
    rememberMapping('org-2', ['Kunde'], ['company']);
    expect(loadRememberedMapping('org-1')).toEqual({ kunde: 'name', tlf: 'phone', info: 'notes' });
    expect(loadRememberedMapping('org-2')).toEqual({ kunde: 'company' });
    expect(loadRememberedMapping('org-3')).toEqual({});
  });

  it('ignores broken or foreign values in storage', () => {
    localStorage.setItem('leadtorget.leads-importer.mapping.org-1', '{"kunde":"password","tlf":"phone"}');
    expect(loadRememberedMapping('org-1')).toEqual({ tlf: 'phone' });
    localStorage.setItem('leadtorget.leads-importer.mapping.org-1', 'not json');
    expect(loadRememberedMapping('org-1')).toEqual({});
  });
});
