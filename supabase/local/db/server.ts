/**
 * The embedded database on a TCP port (54322, like `supabase start`), so psql, `pg` and the Supabase CLI
 * can connect while the platform uses the same PGlite in-process.
 *
 * How sharing works. PGlite is one Postgres session; pglite-socket's multiplexer forwards the messages of
 * up to `maxConnections` clients to it one at a time, and while the session is inside a transaction it
 * forwards only the messages of the client that opened it (others queue). We hand the multiplexer a view
 * of PGlite whose exclusive-run goes through the session gate (session-gate.ts), so:
 * - socket clients and in-process `Db` calls never interleave: in-process work waits while a socket
 *   client is inside BEGIN … COMMIT/ROLLBACK (a client's ROLLBACK cannot swallow an in-process write);
 * - "inside" also covers an unfinished extended-protocol exchange (Parse/Bind/Execute before Sync), which
 *   the stock multiplexer does not see: pgx (the Supabase CLI) sends a whole migration as such a batch,
 *   and a statement from elsewhere must not land in the middle of it;
 * - a client that disconnects mid-transaction is rolled back (by the multiplexer).
 * Limits: all clients share one session, so a session-level SET by one is seen by the others (the
 * in-process side resets role and settings before its own work; use SET LOCAL inside transactions, as
 * PostgREST does), and a client that stays idle inside a transaction blocks everyone else.
 */
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { gateFor, type SessionGate } from './session-gate.ts';

export interface DbServerOptions {
  port: number;
  host?: string;
  /** Concurrent client connections (default 20: the platform's tools, psql and the CLI at once). */
  maxConnections?: number;
}

export interface DbServer {
  host: string;
  /** The bound port (useful with port 0). */
  port: number;
  /** postgresql://postgres:postgres@host:port/postgres — any password is accepted. */
  url: string;
  stop(): Promise<void>;
}

export async function startDbServer(pglite: PGlite, options: DbServerOptions): Promise<DbServer> {
  const host = options.host ?? '127.0.0.1';
  const gate = gateFor(pglite);
  const server = new PGLiteSocketServer({
    db: gatedView(pglite, gate),
    port: options.port,
    host,
    maxConnections: options.maxConnections ?? 20,
  });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  return {
    host,
    port,
    url: `postgresql://postgres:postgres@${host}:${port}/postgres`,
    async stop() {
      await server.stop();
      // stop() detaches clients without waiting; their clean-up (ROLLBACK of an open transaction) is
      // queued on the gate by now. Let it run before anyone closes PGlite.
      await gate.drain();
    },
  };
}

const TERMINATE = 0x58; // 'X'

/**
 * PGlite as the multiplexer sees it. It calls runExclusive() around each client message, then
 * execProtocolRawStream() inside; isInTransaction() to decide whose messages may run next; and
 * exec('ROLLBACK') when a client leaves mid-transaction. Everything else is PGlite itself.
 */
function gatedView(pglite: PGlite, gate: SessionGate): PGlite {
  const overrides: Partial<PGlite> = {
    runExclusive: (work) => gate.runSocket(() => pglite.runExclusive(work)),
    isInTransaction: () => gate.heldBySocket,
    async execProtocolRawStream(message, streamOptions) {
      const tail = new BackendMessageTail();
      await pglite.execProtocolRawStream(message, {
        ...streamOptions,
        onRawData: (data) => {
          tail.push(data);
          streamOptions?.onRawData(data);
        },
      });
      const status = tail.readyForQueryStatus();
      if (status !== undefined) gate.setHeldBySocket(status !== 'I');
      // No ReadyForQuery: the client is mid-way through an extended-protocol exchange (or COPY).
      else if (message[0] !== TERMINATE) gate.setHeldBySocket(true);
    },
    exec: (sql, execOptions) =>
      gate.runSocket(async () => {
        const results = await pglite.exec(sql, execOptions);
        // An aborted extended-protocol exchange swallows the first ROLLBACK until its Sync: repeat it.
        if (sql.trim().toUpperCase() === 'ROLLBACK' && pglite.isInTransaction()) await pglite.exec(sql);
        gate.setHeldBySocket(pglite.isInTransaction());
        return results;
      }),
  };
  return new Proxy(pglite, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof PGlite] as unknown;
      // PGlite keeps its state in private fields: its getters and methods must see the real instance as
      // `this`, never the proxy.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Follows backend message framing (type byte, int32 length, payload) across chunks, remembering the last
 * complete message, to tell whether a response ended with ReadyForQuery and with which status.
 */
class BackendMessageTail {
  private header = new Uint8Array(5);
  private headerLength = 0;
  private remaining = 0;
  private lastType = 0;
  private lastFirstByte = -1;

  push(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.remaining > 0) {
        if (this.lastFirstByte < 0) this.lastFirstByte = chunk[at] ?? -1;
        const take = Math.min(this.remaining, chunk.length - at);
        at += take;
        this.remaining -= take;
        continue;
      }
      this.header[this.headerLength++] = chunk[at++] ?? 0;
      if (this.headerLength === 5) {
        const view = new DataView(this.header.buffer);
        this.lastType = view.getUint8(0);
        this.remaining = view.getInt32(1) - 4;
        this.lastFirstByte = -1;
        this.headerLength = 0;
      }
    }
  }

  /** 'I' (idle), 'T' (in transaction) or 'E' (failed transaction) if the last message was ReadyForQuery. */
  readyForQueryStatus(): string | undefined {
    const complete = this.headerLength === 0 && this.remaining === 0;
    if (!complete || this.lastType !== 0x5a || this.lastFirstByte < 0) return undefined;
    return String.fromCharCode(this.lastFirstByte);
  }
}
