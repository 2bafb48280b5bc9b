import type { Tables } from '@/lib/database.types';
import { ORG } from '../support/ids';

/** A lead as PostgREST returns it; override what the test is about. */
export function leadRow(overrides: Partial<Tables<'leads'>> = {}): Tables<'leads'> {
  return {
    id: 'lead-1',
    organization_id: ORG,
    source: 'form',
    status: 'new',
    name: 'Ola Nordmann',
    email: 'ola@example.no',
    phone: '+47 912 34 567',
    postal_code: '0150',
    city: 'Oslo',
    company: 'Ola AS',
    category: 'Rørlegger',
    area: 'Oslo',
    notes: null,
    consent: true,
    campaign_id: null,
    campaign_item_id: null,
    marketing_withdrawn_at: null,
    retention_reason: null,
    created_at: '2026-11-20T09:30:00Z',
    updated_at: '2026-11-20T09:30:00Z',
    ...overrides,
  };
}
