/** Test function: fails on demand — `?mode=throw` throws in the handler, `?mode=exit` kills the process. */
declare const Deno: {
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  exit(code: number): never;
  pid: number;
};

Deno.serve((request) => {
  const mode = new URL(request.url).searchParams.get('mode');
  if (mode === 'throw') throw new Error('boom');
  if (mode === 'exit') Deno.exit(1);
  return Response.json({ ok: true, pid: Deno.pid });
});
