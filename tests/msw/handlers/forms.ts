import { http, HttpResponse } from 'msw';
import type { Json, Tables } from '@/lib/database.types';
import { FORM, formRow, formSummaryRow, formVersionRow } from '../../factories/form';
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
  campaign: { id: string; name: string; published_at: string | null; consent_text: string | null };
  versions: Tables<'forms_versions'>[];
  refuse: Partial<Record<string, string>>;
  requests: Recorded[];
};

export const newFormsState = (overrides: Partial<FormsState> = {}): FormsState => ({
  summaries: [formSummaryRow()],
  form: formRow({ form_status: 'draft' }),
  campaign: { id: FORM, name: 'Kontakt oss', published_at: null, consent_text: 'Jeg godtar vilkårene.' },
  versions: [formVersionRow({ published_at: null })],
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
    http.get(`${SUPABASE}/rest/v1/forms_versions`, () =>
      HttpResponse.json([...s().versions].sort((a, b) => b.version - a.version)),
    ),
  ];
}
