import { http, HttpResponse } from 'msw';
import type { Json, Tables } from '@/lib/database.types';
import { FORM, formQuotaRow, formRow, formSummaryRow, formVersionRow } from '../../factories/form';
import { SUPABASE } from '../../support/session';
import { record, single, type Recorded } from '../rest';
import { membershipHandlers } from './account';

/**
 * The form screens' backend: the list's summaries, one form with its campaign and versions. `refuse`
 * makes the next calls of a function answer the database's refusal with that code (until cleared);
 * every write is recorded in `requests`.
 */
export type FormsState = {
  summaries: ReturnType<typeof formSummaryRow>[];
  form: Tables<'forms'>;
  campaign: {
    id: string;
    name: string;
    published_at: string | null;
    consent_text: string | null;
    marketing_consent_text?: string | null;
  };
  versions: Tables<'forms_versions'>[];
  /** The quotas with how many responses took each. */
  quotas: (Tables<'forms_quotas'> & { taken?: number })[];
  members: { member_id: string; name: string; email: string }[];
  notify: string[];
  refuse: Partial<Record<string, string>>;
  requests: Recorded[];
};

export const newFormsState = (overrides: Partial<FormsState> = {}): FormsState => ({
  summaries: [formSummaryRow()],
  form: formRow({ form_status: 'draft' }),
  campaign: { id: FORM, name: 'Kontakt oss', published_at: null, consent_text: 'Jeg godtar vilkårene.' },
  versions: [formVersionRow({ published_at: null })],
  quotas: [],
  members: [],
  notify: [],
  refuse: {},
  requests: [],
  ...overrides,
});

const refusal = (code: string) =>
  HttpResponse.json({ code: 'P0001', message: code, details: null, hint: null }, { status: 400 });

export function formsHandlers(state: () => FormsState) {
  const s = state;
  const rpc = (name: string, answer: (body: Record<string, unknown>) => unknown) =>
    http.post(`${SUPABASE}/rest/v1/rpc/${name}`, async ({ request }) => {
      await record(s().requests, request);
      const code = s().refuse[name];
      if (code) return refusal(code);
      return HttpResponse.json(answer((await request.clone().json()) as Record<string, unknown>) as Json);
    });
  return [
    ...membershipHandlers(() => 'owner'),
    http.post(`${SUPABASE}/rest/v1/rpc/form_summaries`, () => HttpResponse.json(s().summaries)),
    rpc('create_form', () => 'cf000000-0000-4000-8000-0000000000bb'),
    rpc('duplicate_form', () => 'cf000000-0000-4000-8000-0000000000cc'),
    rpc('save_form_draft', (body) => {
      const draft = s().versions.find((version) => version.published_at === null);
      const definition = body.input_definition as NonNullable<Json>;
      s().versions = draft
        ? s().versions.map((version) => (version === draft ? { ...version, definition } : version))
        : [
            formVersionRow({ version: s().versions.length + 1, published_at: null, definition }),
            ...s().versions,
          ];
      return FORM;
    }),
    rpc('publish_form_version', () => {
      s().versions = s().versions.map((version) =>
        version.published_at === null ? { ...version, published_at: '2027-03-02T10:00:00Z' } : version,
      );
      return FORM;
    }),
    http.get(`${SUPABASE}/rest/v1/forms`, ({ request }) => single(request, s().form)),
    http.patch(`${SUPABASE}/rest/v1/forms`, async ({ request }) => {
      await record(s().requests, request);
      const body = (await request.clone().json()) as Partial<Tables<'forms'>>;
      s().form = { ...s().form, ...body };
      return single(request, { id: s().form.id });
    }),
    http.get(`${SUPABASE}/rest/v1/campaigns`, ({ request }) => single(request, s().campaign)),
    http.patch(`${SUPABASE}/rest/v1/campaigns`, async ({ request }) => {
      await record(s().requests, request);
      s().campaign = { ...s().campaign, ...((await request.clone().json()) as object) };
      return single(request, { id: s().campaign.id });
    }),
    http.get(`${SUPABASE}/rest/v1/forms_quotas`, () =>
      HttpResponse.json(s().quotas.map(({ taken: _taken, ...quota }) => quota)),
    ),
    // A head request with an exact count, as supabase-js reads it from Content-Range.
    http.head(`${SUPABASE}/rest/v1/forms_response_quotas`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('quota_id')?.replace('eq.', '');
      const taken = s().quotas.find((quota) => quota.id === id)?.taken ?? 0;
      return new HttpResponse(null, { status: 200, headers: { 'Content-Range': `*/${taken}` } });
    }),
    http.post(`${SUPABASE}/rest/v1/forms_quotas`, async ({ request }) => {
      await record(s().requests, request);
      const rows = (await request.clone().json()) as { block_id: string; option_id: string; cap: number }[];
      s().quotas = [...s().quotas, ...rows.map((row) => formQuotaRow(row.block_id, row.option_id, row.cap))];
      return new HttpResponse(null, { status: 201 });
    }),
    http.patch(`${SUPABASE}/rest/v1/forms_quotas`, async ({ request }) => {
      await record(s().requests, request);
      const id = new URL(request.url).searchParams.get('id')?.replace('eq.', '');
      const { cap } = (await request.clone().json()) as { cap: number };
      s().quotas = s().quotas.map((quota) => (quota.id === id ? { ...quota, cap } : quota));
      return single(request, { id });
    }),
    http.delete(`${SUPABASE}/rest/v1/forms_quotas`, async ({ request }) => {
      await record(s().requests, request);
      const ids = new URL(request.url).searchParams.get('id') ?? '';
      s().quotas = s().quotas.filter((quota) => !ids.includes(quota.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${SUPABASE}/rest/v1/organizations`, ({ request }) =>
      single(request, { name: 'Fjord Rør AS', organization_number: '912345678', contact_email: null }),
    ),
    http.post(`${SUPABASE}/rest/v1/rpc/organization_members_list`, () => HttpResponse.json(s().members)),
    http.get(`${SUPABASE}/rest/v1/forms_notify`, () =>
      HttpResponse.json(s().notify.map((member_id) => ({ member_id }))),
    ),
    http.post(`${SUPABASE}/rest/v1/forms_notify`, async ({ request }) => {
      await record(s().requests, request);
      const rows = (await request.clone().json()) as { member_id: string }[];
      s().notify = [...s().notify, ...rows.map((row) => row.member_id)];
      return new HttpResponse(null, { status: 201 });
    }),
    http.delete(`${SUPABASE}/rest/v1/forms_notify`, async ({ request }) => {
      await record(s().requests, request);
      const ids = new URL(request.url).searchParams.get('member_id') ?? '';
      s().notify = s().notify.filter((id) => !ids.includes(id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${SUPABASE}/rest/v1/forms_versions`, () =>
      HttpResponse.json([...s().versions].sort((a, b) => b.version - a.version)),
    ),
  ];
}
