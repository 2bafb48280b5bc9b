import { HttpResponse } from 'msw';

/** A request as the test saw it: method, URL (with PostgREST's filters), JSON body and headers. */
export type Recorded = { method: string; url: URL; body: unknown; headers: Headers };

/** A JSON body parsed; anything else (a multipart upload) stays text. */
function parsed(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function record(list: Recorded[], request: Request) {
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
  list.push({
    method: request.method,
    url: new URL(request.url),
    body: parsed(text),
    headers: request.headers,
  });
}

/** PostgREST's answer for one row: an object when `.single()`/`.maybeSingle()` asked for one, else a list. */
export function single(request: Request, row: object) {
  const wantsObject = request.headers.get('Accept')?.includes('vnd.pgrst.object') ?? false;
  return HttpResponse.json(wantsObject ? row : [row]);
}

/** An edge function's refusal, the way our functions answer one. */
export function functionError(status: number, code: string, details: object = {}) {
  return HttpResponse.json({ error: { code, ...details } }, { status });
}
