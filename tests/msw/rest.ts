import { HttpResponse } from 'msw';

/** A request as the test saw it: method, URL (with PostgREST's filters), JSON body and headers. */
export type Recorded = { method: string; url: URL; body: unknown; headers: Headers };

export async function record(list: Recorded[], request: Request) {
  const text = request.method === 'GET' ? '' : await request.clone().text();
  list.push({
    method: request.method,
    url: new URL(request.url),
    body: text ? (JSON.parse(text) as unknown) : null,
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
