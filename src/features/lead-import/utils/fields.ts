/**
 * The lead fields a file's columns map to, automatic guesses from Norwegian and English headers, and
 * the mapping remembered per organization (localStorage, `leadtorget.leads-importer.mapping.<orgId>`:
 * normalised header → field, so the next file with the same headers maps itself; a browser-local
 * choice — nothing about it needs to be shared or trusted by the server).
 */

export const LEAD_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'postal_code',
  'city',
  'category',
  'area',
  'notes',
  'consent',
] as const;

export type LeadField = (typeof LEAD_FIELDS)[number];
/** Per column (by index): the field it fills, or '' to leave it out. */
export type ColumnMapping = (LeadField | '')[];

const SYNONYMS: Record<LeadField, readonly string[]> = {
  name: [
    'navn',
    'fulltnavn',
    'kontaktperson',
    'kontakt',
    'kunde',
    'kundenavn',
    'name',
    'fullname',
    'contact',
    'contactname',
    'customer',
  ],
  first_name: ['fornavn', 'firstname', 'givenname', 'forename'],
  last_name: ['etternavn', 'lastname', 'surname', 'familyname'],
  email: ['epost', 'epostadresse', 'mail', 'email', 'emailaddress', 'mailadresse'],
  phone: [
    'telefon',
    'tlf',
    'tlfnr',
    'mobil',
    'mobilnr',
    'mobilnummer',
    'telefonnummer',
    'telefonnr',
    'phone',
    'phonenumber',
    'mobile',
    'cell',
    'cellphone',
    'tel',
  ],
  company: [
    'firma',
    'bedrift',
    'selskap',
    'firmanavn',
    'bedriftsnavn',
    'company',
    'companyname',
    'organisation',
    'organization',
    'business',
  ],
  postal_code: ['postnummer', 'postnr', 'zip', 'zipcode', 'postcode', 'postalcode'],
  city: ['poststed', 'sted', 'by', 'city', 'town'],
  category: ['kategori', 'category', 'type', 'bransje', 'tjeneste', 'service'],
  area: ['område', 'omrade', 'region', 'fylke', 'kommune', 'area', 'county', 'district'],
  notes: [
    'notat',
    'notater',
    'kommentar',
    'kommentarer',
    'beskrivelse',
    'melding',
    'notes',
    'note',
    'comment',
    'comments',
    'message',
    'description',
  ],
  consent: ['samtykke', 'markedsføringssamtykke', 'consent', 'optin', 'gdpr', 'marketingconsent'],
};

/** A header as compared: lower case, without spaces, dashes, underscores, dots and colons. */
export function normalizeHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s_.:\-/]+/g, '');
}

const BY_SYNONYM = new Map<string, LeadField>(
  LEAD_FIELDS.flatMap((field) => SYNONYMS[field].map((synonym) => [synonym, field] as const)),
);

/** The field a header most likely means, or '' when nothing fits. */
export function guessField(header: string): LeadField | '' {
  return BY_SYNONYM.get(normalizeHeader(header)) ?? '';
}

export type RememberedMapping = Record<string, LeadField | ''>;

/**
 * A mapping for these headers: what the organization chose before for the same header, else the
 * guess. Each field is used once (the first column that claims it).
 */
export function guessMapping(headers: readonly string[], remembered: RememberedMapping = {}): ColumnMapping {
  const used = new Set<LeadField>();
  return headers.map((header) => {
    const key = normalizeHeader(header);
    const choice = key in remembered ? (remembered[key] ?? '') : guessField(header);
    if (choice === '' || used.has(choice)) return '';
    used.add(choice);
    return choice;
  });
}

const storageKey = (organizationId: string) => `leadtorget.leads-importer.mapping.${organizationId}`;

export function loadRememberedMapping(organizationId: string): RememberedMapping {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(organizationId)) ?? '{}');
    if (!stored || typeof stored !== 'object') return {};
    const valid: RememberedMapping = {};
    for (const [header, field] of Object.entries(stored)) {
      if (field === '' || (LEAD_FIELDS as readonly unknown[]).includes(field))
        valid[header] = field as LeadField | '';
    }
    return valid;
  } catch {
    return {};
  }
}

/** Remembers this file's choices (merged with earlier files' choices) for the organization. */
export function rememberMapping(organizationId: string, headers: readonly string[], mapping: ColumnMapping) {
  const remembered = loadRememberedMapping(organizationId);
  headers.forEach((header, index) => {
    const key = normalizeHeader(header);
    if (key) remembered[key] = mapping[index] ?? '';
  });
  try {
    localStorage.setItem(storageKey(organizationId), JSON.stringify(remembered));
  } catch {
    // storage full or disabled: the guesses still work
  }
}
