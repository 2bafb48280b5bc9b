import type { Tables } from '@/lib/database.types';
import { ORG } from '../support/ids';
import { USER_ID } from '../support/session';

/** An organizations row: Fjordbygg AS, owned by the test user unless overridden. */
export function organizationRow(overrides: Partial<Tables<'organizations'>> = {}): Tables<'organizations'> {
  return {
    id: ORG,
    name: 'Fjordbygg AS',
    organization_number: '923609016',
    contact_email: 'post@fjordbygg.no',
    owner_id: USER_ID,
    brand_accent: null,
    brand_background: null,
    brand_text: null,
    street_address: null,
    postal_code: null,
    city: null,
    vat_registered: false,
    foretaksregisteret: false,
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-01T10:00:00Z',
    ...overrides,
  };
}
