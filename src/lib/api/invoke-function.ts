import { AppError, isAppErrorCode, toAppError, type AppErrorCode } from '../errors';

/** functions-js loads with the first call, so a page that calls no function never downloads it. */
const functionsClient = () => import('../supabase-functions');
type FunctionsModule = Awaited<ReturnType<typeof functionsClient>>;

/** The edge functions the app calls (supabase/functions/<name>). */
export type FunctionName =
  | 'booking'
  | 'buy-lead'
  | 'checkout-orders'
  | 'create-image'
  | 'finish-upload'
  | 'invite-member'
  | 'notify-listing'
  | 'payments-connect'
  | 'payments-local'
  | 'payments-pack'
  | 'payments-setup'
  | 'request-magic-link';

type Options = {
  /** A function's own codes that mean a catalogue code (e.g. `pack-not-found` → `not-found`). */
  codes?: Readonly<Record<string, AppErrorCode>>;
};

type ErrorAnswer = { status?: unknown; error?: { code?: unknown; [detail: string]: unknown } };

/**
 * Calls an edge function and returns its answer; every failure is thrown as an AppError with the
 * answer's code, its HTTP status and the rest of its `error` object as `details`. Our functions
 * answer a refusal as `{ error: { code, … } }` with a 4xx/5xx status, and a declined card as a
 * 200 `{ status: 'failed', error: { code } }` (an expected outcome the browser should not log as a
 * failed request) — both become AppErrors here, so a screen has one error path.
 */
export async function invokeFunction<T>(
  name: FunctionName,
  body: Record<string, unknown> = {},
  options: Options = {},
): Promise<T> {
  let result: { data: T | null; error: unknown };
  let client: FunctionsModule;
  try {
    client = await functionsClient();
    result = await client.functions.invoke<T>(name, { body });
  } catch (error) {
    throw new AppError('network', { cause: error });
  }
  if (result.error) throw await functionErrorOf(client, result.error, options);
  if (result.data === null) throw new AppError('unknown', { status: 200 });
  const declined = declineOf(result.data, options);
  if (declined) throw declined;
  return result.data;
}

async function functionErrorOf(
  { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError }: FunctionsModule,
  error: unknown,
  options: Options,
): Promise<AppError> {
  if (error instanceof FunctionsFetchError || error instanceof FunctionsRelayError) {
    return new AppError('network', { cause: error });
  }
  if (!(error instanceof FunctionsHttpError)) return toAppError(error);
  const response = error.context as Response;
  const answer = (await response.json().catch(() => null)) as ErrorAnswer | null;
  const { code, ...details } = answer?.error ?? {};
  const fallback: AppErrorCode = response.status === 401 ? 'not-signed-in' : 'unknown';
  return new AppError(catalogueCode(code, options, fallback), {
    cause: error,
    status: response.status,
    details,
  });
}

/** A 200 `{ status: 'failed', error: { code } }` answer as an AppError, else null. */
function declineOf(answer: unknown, options: Options): AppError | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { status, error } = answer as ErrorAnswer;
  if (status !== 'failed') return null;
  const { code, ...details } = error ?? {};
  return new AppError(catalogueCode(code, options, 'card_error'), { status: 200, details });
}

function catalogueCode(code: unknown, options: Options, fallback: AppErrorCode): AppErrorCode {
  if (typeof code !== 'string') return fallback;
  const mapped = options.codes?.[code];
  if (mapped) return mapped;
  return isAppErrorCode(code) ? code : fallback;
}
