/**
 * Runs inside Deno, one process per edge function (see index.ts). It captures the handler the
 * function passes to `Deno.serve` — whatever port or options the function asks for — imports the
 * function, and serves that handler on a free local port, which it announces on stdout. A handler
 * that throws gets the hosted runtime's 500 JSON; a function that never calls `Deno.serve`, or
 * throws while loading, exits so the platform answers 503 BOOT_ERROR.
 *
 * This file is Deno code checked by Node's tsc, so it declares the little of `Deno` it uses.
 */

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;

interface ServeOptions {
  hostname?: string;
  port?: number;
  handler?: Handler;
  onListen?: (address: { hostname: string; port: number }) => void;
  onError?: (error: unknown) => Response | Promise<Response>;
}

declare const Deno: {
  serve: (...args: unknown[]) => unknown;
  env: { get(name: string): string | undefined };
  exit(code: number): never;
};

/** The line index.ts waits for; everything else on stdout is the function's own output. */
const READY_MARKER = '__LEADTORGET_FUNCTION_READY__';

const entry = Deno.env.get('LEADTORGET_FUNCTION_ENTRY');
if (!entry) {
  console.error('worker-bootstrap: LEADTORGET_FUNCTION_ENTRY is not set');
  Deno.exit(2);
}

const realServe = Deno.serve.bind(Deno);
let captured: Handler | undefined;

function handlerOf(args: unknown[]): Handler | undefined {
  const [first, second] = args;
  if (typeof first === 'function') return first as Handler;
  if (typeof second === 'function') return second as Handler;
  if (typeof first === 'object' && first !== null) return (first as ServeOptions).handler;
  return undefined;
}

Deno.serve = (...args: unknown[]) => {
  const handler = handlerOf(args);
  if (!handler) throw new TypeError('Deno.serve: no handler given');
  if (captured) throw new Error('Deno.serve called more than once in one edge function');
  captured = handler;
  // What Deno.serve returns (an HttpServer), enough for code that awaits `finished` or calls `shutdown`.
  return {
    finished: new Promise<void>(() => undefined),
    addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 },
    shutdown: () => Promise.resolve(),
    ref: () => undefined,
    unref: () => undefined,
  };
};

try {
  await import(entry);
} catch (error) {
  console.error('worker boot error:', error);
  Deno.exit(1);
}

const handler = captured;
if (!handler) {
  console.error('worker boot error: the function did not call Deno.serve(handler)');
  Deno.exit(1);
}

const options: ServeOptions = {
  hostname: '127.0.0.1',
  port: 0,
  onListen: ({ port }) => console.log(`${READY_MARKER} ${port}`),
  onError: (error) => {
    console.error('function error:', error);
    return Response.json(
      { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
      { status: 500 },
    );
  },
};
realServe(options, handler);
