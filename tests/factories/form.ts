import type { Database, Tables } from '@/lib/database.types';
import { ORG } from '../support/ids';
import { USER_ID } from '../support/session';

type Functions = Database['public']['Functions'];
// The type generator types every column a table function returns as non-null; these may be null.
type WithNull<Row, Key extends keyof Row> = Omit<Row, Key> & { [Column in Key]: Row[Column] | null };
type FormSummary = WithNull<
  Functions['form_summaries']['Returns'][number],
  'completion_rate' | 'last_response_at' | 'published_at' | 'archived_at'
>;
type FormExportRow = WithNull<
  Functions['form_export_rows']['Returns'][number],
  'started_at' | 'duration_ms' | 'score' | 'ending_id' | 'name' | 'email' | 'phone'
>;

export const FORM = 'cf000000-0000-4000-8000-0000000000aa';
export const FORM_VERSION_1 = 'cf000000-0000-4000-8000-0000000000e1';
export const FORM_VERSION_2 = 'cf000000-0000-4000-8000-0000000000e2';

/** «Kontakt oss» of Fjordbygg AS, published, open, as the forms table answers it. */
export function formRow(overrides: Partial<Tables<'forms'>> = {}): Tables<'forms'> {
  return {
    id: FORM,
    organization_id: ORG,
    kind: 'form',
    display_mode: 'classic',
    max_responses: null,
    opens_at: null,
    closes_at: null,
    one_per_email: false,
    closed_message: null,
    notify_mode: 'each',
    confirmation_email: false,
    archived_at: null,
    digest_sent_on: null,
    created_at: '2027-02-20T10:00:00Z',
    updated_at: '2027-02-20T10:00:00Z',
    form_status: 'open',
    ...overrides,
  };
}

/** A version of FORM: version 1, published, unless the overrides say otherwise. */
export function formVersionRow(overrides: Partial<Tables<'forms_versions'>> = {}): Tables<'forms_versions'> {
  return {
    id: FORM_VERSION_1,
    form_id: FORM,
    organization_id: ORG,
    version: 1,
    definition: {},
    published_at: '2027-02-21T09:00:00Z',
    created_by: USER_ID,
    created_at: '2027-02-20T10:00:00Z',
    updated_at: '2027-02-21T09:00:00Z',
    ...overrides,
  };
}

let quotaCount = 0;
/** A cap of `cap` responses choosing `optionId` of FORM's question `blockId`. */
export function formQuotaRow(
  blockId: string,
  optionId: string,
  cap: number,
  overrides: Partial<Tables<'forms_quotas'>> = {},
): Tables<'forms_quotas'> {
  quotaCount += 1;
  return {
    id: `cf200000-0000-4000-8000-${String(quotaCount).padStart(12, '0')}`,
    form_id: FORM,
    organization_id: ORG,
    block_id: blockId,
    option_id: optionId,
    cap,
    created_at: '2027-02-20T10:00:00Z',
    ...overrides,
  };
}

let responseCount = 0;
/** A response to FORM's version 1 without contact details, submitted at noon on 1 March 2027 (Oslo). */
export function formResponseRow(
  overrides: Partial<Tables<'forms_responses'>> = {},
): Tables<'forms_responses'> {
  responseCount += 1;
  return {
    id: `cf100000-0000-4000-8000-${String(responseCount).padStart(12, '0')}`,
    form_id: FORM,
    organization_id: ORG,
    version_id: FORM_VERSION_1,
    participant_id: null,
    answers: {},
    score: null,
    ending_id: null,
    started_at: '2027-03-01T10:58:00Z',
    submitted_at: '2027-03-01T11:00:00Z',
    duration_ms: 120000,
    hidden: {},
    session_id: null,
    consent_id: null,
    marketing_consent_id: null,
    ip_hash: null,
    confirmation_due: false,
    confirmation_sent_at: null,
    notified_at: null,
    ...overrides,
  };
}

/** One row of form_summaries: FORM with 40 responses of 80 visits. */
export function formSummaryRow(overrides: Partial<FormSummary> = {}): FormSummary {
  return {
    form_id: FORM,
    name: 'Kontakt oss',
    status: 'open',
    responses: 40,
    sessions_started: 80,
    sessions_completed: 40,
    completion_rate: 0.5,
    last_response_at: '2027-03-01T11:00:00Z',
    published_at: '2027-02-21T09:00:00Z',
    archived_at: null,
    created_at: '2027-02-20T10:00:00Z',
    ...overrides,
  };
}

/** One row of form_export_rows: a response with the person's details. */
export function formExportRow(overrides: Partial<FormExportRow> = {}): FormExportRow {
  return {
    response_id: 'cf100000-0000-4000-8000-000000000001',
    version: 1,
    submitted_at: '2027-03-01T11:00:00Z',
    started_at: '2027-03-01T10:58:00Z',
    duration_ms: 120000,
    score: null,
    ending_id: 'takk',
    answers: { melding: 'Kan dere se på et lekk rør?' },
    hidden: { utm_source: 'facebook' },
    name: 'Kari Nordmann',
    email: 'kari@example.no',
    phone: '+4791234567',
    marketing_consent: false,
    quota_options: [],
    ...overrides,
  };
}
