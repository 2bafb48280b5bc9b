/**
 * Responses of the functions: CORS (a function answers its own preflight; the gateway adds nothing),
 * JSON bodies and the `{ error: { code } }` shape of failures (ARCHITECTURE §8).
 */

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      ...corsHeaders,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

export function errorResponse(status: number, code: string, headers: Record<string, string> = {}): Response {
  return json(status, { error: { code } }, headers);
}

export function preflight(): Response {
  return new Response('ok', { headers: corsHeaders });
}

export function methodNotAllowed(): Response {
  return errorResponse(405, 'method-not-allowed', { Allow: 'POST, OPTIONS' });
}

/** The request's JSON body, or undefined when it is not JSON at all. */
export async function readJson(request: Request): Promise<{ ok: true; value: unknown } | { ok: false }> {
  let text: string;
  try {
    text = await request.text();
  } catch {
    return { ok: false };
  }
  if (text.length > 64 * 1024) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Logs without e-mail addresses or tokens: only what helps find the failure. */
export type Log = (message: string, error?: unknown) => void;

export const consoleLog: Log = (message, error) => {
  if (error === undefined) console.error(message);
  else console.error(message, error instanceof Error ? error.message : error);
};
