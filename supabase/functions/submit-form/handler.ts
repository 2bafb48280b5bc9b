/**
 * POST /functions/v1/submit-form with the anon key (docs/forms.md «The public side»): a visitor's
 * answers to a published form. The answers are checked against the published version with the logic
 * engine (the browser's checks are only a convenience), and only the cleaned answers, the score and
 * the ending the engine computed are stored, through submit_form_response with the visitor's address.
 *
 * Answers 200 `{ ending: { id, title, text } }` (piped texts) — never the response id, so no reply
 * tells whether an address had answered before. Refusals: 400 invalid-input (the body's shape),
 * 400 form-answers-invalid with `errors: [{ blockId, code, min?, max? }]` (shown at the fields; a
 * tampered submission lands here too: a hidden block answered, an unknown option, a wrong type, an
 * over-long text), 404 form-not-found, 409 form-full / form-quota-full (with `details`, the option) /
 * form-version-outdated / form-not-open / form-closed, 403 campaign-write-refused, 429
 * campaign-rate-limited, 400 for the engine's participant codes.
 */
import { clientIp, type TrustedProxies } from '../_shared/client-ip.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, methodNotAllowed, preflight, readBody, type Log } from '../_shared/http.ts';
import {
  type Answers,
  type AnswerError,
  blocksInOrder,
  evaluate,
  type FormDefinition,
  type HiddenValues,
  isChoiceBlock,
  parseDefinition,
  validateAnswers,
} from '../_shared/forms/index.ts';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export const submissionSchema = z.object({
  formId: uuid,
  versionId: uuid,
  answers: z.record(z.string().max(100), z.unknown()),
  // The link's query (utm_source, page …): only the keys the form's hidden blocks read are kept.
  hidden: z.record(z.string().max(100), z.string().max(2000)).default({}),
  sessionId: uuid.nullish(),
  honeypot: z.string().max(500).nullish(),
  shownAt: z.iso.datetime({ offset: true }),
  startedAt: z.iso.datetime({ offset: true }).nullish(),
  // The participation consent (the campaign's consent text) ticked beside the contact fields.
  consent: z.boolean().default(false),
});
export type Submission = z.infer<typeof submissionSchema>;

/** What submit_form_response receives; the index passes it on as the function's arguments. */
export interface StoredSubmission {
  formId: string;
  versionId: string;
  answers: Answers;
  clientIp: string;
  shownAt: string;
  honeypot: string | null;
  score: number;
  endingId: string;
  quotaChoices: { block_id: string; option_id: string }[];
  uploadIds: string[];
  sessionId: string | null;
  startedAt: string | null;
  hidden: HiddenValues;
  email: string | null;
  name: string | null;
  phone: string | null;
  consent: boolean;
  marketingConsent: boolean;
}

/** A refusal of the database: its code, and for form-quota-full the option (`details`). */
export class DatabaseRefusal extends Error {
  constructor(
    readonly code: string,
    readonly details: unknown = null,
  ) {
    super(code);
  }
}

export interface SubmitFormDb {
  /** The version's definition when it is a published version of the form, else null. */
  publishedDefinition(formId: string, versionId: string): Promise<unknown>;
  /** submit_form_response; throws DatabaseRefusal for the database's codes. */
  submit(input: StoredSubmission): Promise<void>;
}

export interface SubmitFormDeps {
  db: SubmitFormDb;
  trustedProxies?: TrustedProxies;
  log?: Log;
}

/** The database's refusals the visitor may see, with their status; anything else is a 500. */
const REFUSALS: Record<string, number> = {
  'form-invalid': 400,
  'form-not-found': 404,
  'form-not-open': 409,
  'form-closed': 409,
  'form-full': 409,
  'form-quota-full': 409,
  'form-version-outdated': 409,
  'campaign-write-refused': 403,
  'campaign-rate-limited': 429,
  'campaign-upload-invalid': 400,
  'participant-consent-required': 400,
  'participant-email-invalid': 400,
  'participant-phone-invalid': 400,
};

/** Names a visitor's name field: the short text whose key says so (the templates' `navn`). */
const NAME_KEYS = new Set(['navn', 'name', 'fullt_navn', 'full_name']);

/** The person the contact blocks describe, the consents, quota options and file uploads. */
export function describe(definition: FormDefinition, cleaned: Answers) {
  const person = { email: null as string | null, name: null as string | null, phone: null as string | null };
  const quotaChoices: StoredSubmission['quotaChoices'] = [];
  const uploadIds: string[] = [];
  let marketingConsent = false;
  for (const { block } of blocksInOrder(definition)) {
    const value = cleaned[block.id];
    if (value === undefined) continue;
    if (block.kind === 'email' && person.email === null && typeof value === 'string') person.email = value;
    if (block.kind === 'phone' && person.phone === null && typeof value === 'string') person.phone = value;
    if (
      block.kind === 'short_text' &&
      person.name === null &&
      NAME_KEYS.has(block.key) &&
      typeof value === 'string'
    )
      person.name = value;
    if (block.kind === 'consent' && block.consent === 'marketing' && value === true) marketingConsent = true;
    if (block.kind === 'file' && Array.isArray(value)) uploadIds.push(...value);
    if (isChoiceBlock(block) && typeof value === 'object' && !Array.isArray(value)) {
      for (const option of value.choices) quotaChoices.push({ block_id: block.id, option_id: option });
    }
  }
  return { ...person, quotaChoices, uploadIds, marketingConsent };
}

/** Only the query keys the form's hidden blocks read. */
function hiddenOf(definition: FormDefinition, query: Record<string, string>): HiddenValues {
  const hidden: HiddenValues = {};
  for (const { block } of blocksInOrder(definition)) {
    if (block.kind === 'hidden' && Object.hasOwn(query, block.source))
      hidden[block.source] = query[block.source]!;
  }
  return hidden;
}

export async function handleSubmitForm(request: Request, deps: SubmitFormDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? (() => undefined);
  const input = await readBody(request, submissionSchema);
  if (!input) return errorResponse(400, 'invalid-input');

  try {
    const stored = await deps.db.publishedDefinition(input.formId, input.versionId);
    if (stored === null) return errorResponse(404, 'form-not-found');
    const parsed = parseDefinition(stored);
    if (!parsed.ok) {
      log(`submit-form: the published definition does not parse at ${parsed.path}`);
      return errorResponse(500, 'unknown');
    }
    const definition = parsed.definition;
    const hidden = hiddenOf(definition, input.hidden);
    const check = validateAnswers(definition, input.answers, hidden);
    if (!check.ok) return answersInvalid(check.errors);

    const contact = describe(definition, check.cleaned);
    await deps.db.submit({
      formId: input.formId,
      versionId: input.versionId,
      answers: check.cleaned,
      clientIp: clientIp(request, deps.trustedProxies),
      shownAt: input.shownAt,
      honeypot: input.honeypot ?? null,
      score: check.score,
      endingId: check.ending,
      sessionId: input.sessionId ?? null,
      startedAt: input.startedAt ?? null,
      hidden,
      consent: input.consent,
      ...contact,
    });
    // The piped ending from what was stored: the hidden blocks' values come from the query again.
    const visible = Object.fromEntries(
      Object.entries(check.cleaned).filter(([id]) =>
        blocksInOrder(definition).some(({ block }) => block.id === id && block.kind !== 'hidden'),
      ),
    );
    const { ending } = evaluate(definition, visible, hidden);
    return json(200, { ending: { id: ending.id, title: ending.title, text: ending.text } });
  } catch (error) {
    if (error instanceof DatabaseRefusal && REFUSALS[error.code]) {
      const body: Record<string, unknown> = { code: error.code };
      if (error.code === 'form-quota-full' && error.details) body.details = error.details;
      return json(REFUSALS[error.code]!, { error: body });
    }
    log('submit-form: unexpected failure', error);
    return errorResponse(500, 'unknown');
  }
}

function answersInvalid(errors: AnswerError[]): Response {
  return json(400, { error: { code: 'form-answers-invalid', errors } });
}
