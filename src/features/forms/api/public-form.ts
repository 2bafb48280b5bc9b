import { env } from '@/lib/env';
import type { AnswerError, Answers, FormDefinition, HiddenValues } from '@/lib/forms/engine-visitor';
import { anonHeaders, PublicCallError, publicRpc } from '@/lib/public/public-rpc';

/** What `form_public` answers (docs/forms.md «Public»), the definition parsed. */
export interface PublicForm {
  id: string;
  name: string;
  organization_name: string;
  status: 'open' | 'scheduled' | 'closed';
  now: string;
  opens_at: string | null;
  closes_at: string | null;
  closed_message: string | null;
  display_mode: 'classic' | 'one_at_a_time';
  version_id: string;
  consent_text: string | null;
  marketing_consent_text: string | null;
  quotas: { block_id: string; option_id: string; remaining: number }[];
}

/**
 * A published definition's outline. Not the engine's parser (1.4 KiB over the page's budget): what is
 * published was parsed when it was saved, the server parses it again for every submission, and this
 * keeps a broken one from breaking the page.
 */
function looksLikeDefinition(value: unknown): value is FormDefinition {
  const definition = value as Partial<FormDefinition> | null;
  return (
    typeof definition === 'object' &&
    definition !== null &&
    Array.isArray(definition.pages) &&
    definition.pages.length > 0 &&
    definition.pages.every((page) => typeof page?.id === 'string' && Array.isArray(page.blocks)) &&
    Array.isArray(definition.rules) &&
    Array.isArray(definition.endings) &&
    typeof definition.defaultEnding === 'string'
  );
}

export async function loadPublicForm(
  formId: string,
  signal: AbortSignal,
): Promise<{ form: PublicForm; definition: FormDefinition }> {
  const row = await publicRpc<PublicForm & { definition: unknown }>(
    'form_public',
    { input_form_id: formId },
    { signal },
  );
  if (!looksLikeDefinition(row.definition)) throw new PublicCallError('form-invalid', null);
  return { form: row, definition: row.definition };
}

/** A visit reached a page (and a question): no personal data, only the random session id. */
export function trackFormProgress(formId: string, sessionId: string, pageId: string, blockId?: string) {
  // Progress is for the drop-off chart only: a failed report never stands in the visitor's way.
  publicRpc('track_form_progress', {
    input_form_id: formId,
    input_session_id: sessionId,
    input_page_id: pageId,
    input_block_id: blockId ?? null,
  }).catch(() => undefined);
}

export interface Submission {
  formId: string;
  versionId: string;
  answers: Answers;
  hidden: HiddenValues;
  sessionId: string;
  honeypot: string;
  shownAt: string;
  startedAt: string;
  consent: boolean;
}

export type SubmitResult =
  | { ok: true; ending: { id: string; title: string; text: string } }
  | { ok: false; code: string; errors?: AnswerError[]; details?: { block_id: string; option_id: string } };

/** The submit-form function: the ending, or the refusal with the fields' errors. */
export async function submitForm(submission: Submission): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetch(`${env.VITE_SUPABASE_URL}/functions/v1/submit-form`, {
      method: 'POST',
      headers: anonHeaders(),
      body: JSON.stringify(submission),
    });
  } catch {
    return { ok: false, code: 'network' };
  }
  const body = (await response.json().catch(() => ({}))) as {
    ending?: { id: string; title: string; text: string };
    error?: { code?: string; errors?: AnswerError[]; details?: { block_id: string; option_id: string } };
  };
  if (response.ok && body.ending) return { ok: true, ending: body.ending };
  const code = body.error?.code ?? (response.status === 429 ? 'rate-limited' : 'unknown');
  return { ok: false, code, errors: body.error?.errors, details: body.error?.details };
}
