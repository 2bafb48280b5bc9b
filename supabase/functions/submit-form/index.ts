/** submit-form on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { parseTrustedProxies } from '../_shared/client-ip.ts';
import { consoleLog } from '../_shared/http.ts';
import { errorOf, serviceClient, supabaseEnv } from '../_shared/supabase.ts';
import { DatabaseRefusal, handleSubmitForm, type SubmitFormDeps } from './handler.ts';

const service = serviceClient(supabaseEnv(Deno.env));

/** The database's raise carries its code as the message and form-quota-full's option as JSON details. */
function detailsOf(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const deps: SubmitFormDeps = {
  db: {
    async publishedDefinition(formId, versionId) {
      const { data, error } = await service
        .from('forms_versions')
        .select('definition')
        .eq('id', versionId)
        .eq('form_id', formId)
        .not('published_at', 'is', null)
        .maybeSingle<{ definition: unknown }>();
      if (error) throw errorOf(error);
      return data?.definition ?? null;
    },
    async submit(input) {
      const { error } = await service.rpc('submit_form_response', {
        input_form_id: input.formId,
        input_version_id: input.versionId,
        input_answers: input.answers,
        input_client_ip: input.clientIp,
        input_form_shown_at: input.shownAt,
        input_honeypot: input.honeypot,
        input_score: input.score,
        input_ending_id: input.endingId,
        input_quota_choices: input.quotaChoices,
        input_upload_ids: input.uploadIds,
        input_session_id: input.sessionId,
        input_started_at: input.startedAt,
        input_hidden: input.hidden,
        input_email: input.email,
        input_name: input.name,
        input_phone: input.phone,
        input_consent: input.consent,
        input_marketing_consent: input.marketingConsent,
      });
      if (error) throw new DatabaseRefusal(error.message, detailsOf(error.details));
    },
  },
  trustedProxies: parseTrustedProxies(Deno.env.get('TRUSTED_PROXIES')),
  log: consoleLog,
};

Deno.serve((request) => handleSubmitForm(request, deps));
