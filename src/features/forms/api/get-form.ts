import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Json, Tables } from '@/lib/database.types';
import { AppError, unwrap } from '@/lib/errors';
import { parseDefinition, type FormDefinition } from '@/lib/forms/engine';
import { supabase } from '@/lib/supabase';
import { formKeys } from './keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type FormSettings = Omit<Tables<'forms'>, 'digest_sent_on' | 'kind' | 'created_at' | 'updated_at'>;

export interface FormEditorData {
  form: FormSettings;
  name: string;
  publishedAt: string | null;
  consentText: string | null;
  marketingConsentText: string | null;
  /** The draft's, else the latest published version's definition: what the builder edits. */
  definition: FormDefinition;
  /** Whether `definition` is an unpublished draft (publishing needs one). */
  hasDraft: boolean;
  /** The latest published version's number, null before the first publication. */
  publishedVersion: number | null;
}

/** A form's first definition when version 1 was created empty: one page, one ending. */
export const BLANK_DEFINITION: FormDefinition = {
  version: 1,
  pages: [{ id: 'p_1', blocks: [] }],
  rules: [],
  endings: [{ id: 'e_takk', title: 'Takk for svaret!' }],
  defaultEnding: 'e_takk',
};

function readDefinition(json: Json | undefined): FormDefinition {
  const parsed = parseDefinition(json);
  return parsed.ok ? parsed.definition : BLANK_DEFINITION;
}

/** The builder's data: the form's settings and campaign, and the newest version (draft or published). */
export const formQueryOptions = (formId: string) =>
  queryOptions({
    queryKey: formKeys.form(formId),
    queryFn: async (): Promise<FormEditorData> => {
      // An address that cannot be a form's is a missing form, not a failed request.
      if (!UUID.test(formId)) throw new AppError('form-not-found');
      const [form, campaign, versions] = await Promise.all([
        supabase
          .from('forms')
          .select(
            'id, organization_id, archived_at, closed_message, closes_at, opens_at, confirmation_email, display_mode, max_responses, notify_mode, one_per_email, form_status',
          )
          .eq('id', formId)
          .maybeSingle(),
        supabase
          .from('campaigns')
          .select('name, published_at, consent_text, marketing_consent_text')
          .eq('id', formId)
          .maybeSingle(),
        supabase
          .from('forms_versions')
          .select('version, definition, published_at')
          .eq('form_id', formId)
          .order('version', { ascending: false })
          .limit(2),
      ]);
      const settings = unwrap(form);
      const campaigns = unwrap(campaign);
      if (!settings || !campaigns) throw new AppError('form-not-found');
      const rows = unwrap(versions) ?? [];
      const newest = rows[0];
      const published = rows.find((row) => row.published_at !== null);
      return {
        form: settings,
        name: campaigns.name,
        publishedAt: campaigns.published_at,
        consentText: campaigns.consent_text,
        marketingConsentText: campaigns.marketing_consent_text ?? null,
        definition: readDefinition(newest?.definition),
        hasDraft: newest?.published_at === null,
        publishedVersion: published?.version ?? null,
      };
    },
  });

/** Writes the whole definition into the form's draft (creating the draft after a publication). */
export async function saveDraft(formId: string, definition: FormDefinition): Promise<void> {
  unwrap(
    await supabase.rpc('save_form_draft', {
      input_form_id: formId,
      input_definition: definition as unknown as Json,
    }),
  );
}

/** Freezes the draft as the next published version (and publishes the campaign the first time). */
export function usePublishForm(formId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await supabase.rpc('publish_form_version', { input_form_id: formId })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: formKeys.form(formId) }),
        queryClient.invalidateQueries({ queryKey: formKeys.lists(organizationId) }),
      ]),
  });
}
