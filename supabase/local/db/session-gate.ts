/**
 * PGlite is ONE Postgres session. Two kinds of users share it: the platform's in-process `Db` (auth, REST,
 * …) and clients of the socket server (psql, `pg`, the Supabase CLI), which pglite-socket multiplexes
 * message by message. Left alone, the two interleave: an in-process statement issued while a socket
 * client sits inside `BEGIN … ROLLBACK` runs INSIDE that client's transaction and is rolled back with it,
 * and a socket statement can land inside an in-process transaction.
 *
 * The gate makes them take turns:
 * - one FIFO lock covers every in-process operation (a whole transaction) and every socket message;
 * - while a socket client "holds" the session — it is inside a transaction block, or in the middle of an
 *   extended-protocol exchange (Parse … Sync) — in-process work waits (up to `waitTimeoutMs`) until it
 *   lets go; the multiplexer itself already serves only that client meanwhile;
 * - after socket clients have run anything, in-process work first resets session state (role,
 *   search_path, …) that a client may have changed with a session-level SET.
 */
import type { PGlite } from '@electric-sql/pglite';

/** Undo session-level changes a socket client may have made (`SET ROLE`, `SET search_path`, …). */
export const RESET_SESSION_SQL = 'reset session authorization; reset role; reset all';

export class SessionGate {
  /** How long in-process work waits for a socket client to end its transaction before failing. */
  waitTimeoutMs = 30_000;

  private tail: Promise<void> = Promise.resolve();
  private held = false;
  private touched = false;
  private releaseWaiters: (() => void)[] = [];

  constructor(private readonly resetSession: () => Promise<unknown>) {}

  /** True while a socket client is inside a transaction or an unfinished extended-protocol exchange. */
  get heldBySocket(): boolean {
    return this.held;
  }

  /** Runs in-process work alone on the session, once no socket client holds it. */
  async runInProcess<T>(work: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.waitTimeoutMs;
    for (;;) {
      if (this.held) await this.waitForRelease(deadline);
      const unlock = await this.lock();
      if (this.held) {
        // A socket message that ran just before us opened a transaction: let it finish first.
        unlock();
        continue;
      }
      try {
        if (this.touched) {
          this.touched = false;
          await this.resetSession();
        }
        return await work();
      } finally {
        unlock();
      }
    }
  }

  /** Runs one socket message (or the multiplexer's clean-up ROLLBACK) alone on the session. */
  async runSocket<T>(work: () => Promise<T>): Promise<T> {
    const unlock = await this.lock();
    try {
      this.touched = true;
      return await work();
    } finally {
      unlock();
    }
  }

  /** Called after each socket message with what the session's state now is. */
  setHeldBySocket(held: boolean): void {
    this.held = held;
    if (!held) {
      for (const wake of this.releaseWaiters.splice(0)) wake();
    }
  }

  /** Resolves once every operation queued so far has finished. */
  async drain(): Promise<void> {
    const unlock = await this.lock();
    unlock();
  }

  private lock(): Promise<() => void> {
    let unlock!: () => void;
    const released = new Promise<void>((resolve) => (unlock = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => released);
    return previous.then(() => unlock);
  }

  private waitForRelease(deadline: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.releaseWaiters = this.releaseWaiters.filter((wake) => wake !== onRelease);
          reject(
            new Error(
              `The database session has been held for ${this.waitTimeoutMs} ms by a client of the ` +
                'database socket (psql, the Supabase CLI, …) that is inside a transaction. Commit or roll ' +
                'it back: the embedded database is a single session, so in-process work waits for it.',
            ),
          );
        },
        Math.max(0, deadline - Date.now()),
      );
      const onRelease = () => {
        clearTimeout(timer);
        resolve();
      };
      this.releaseWaiters.push(onRelease);
    });
  }
}

const gates = new WeakMap<PGlite, SessionGate>();

/** The one gate of a PGlite instance, shared by its in-process `Db` and its socket server. */
export function gateFor(pglite: PGlite): SessionGate {
  let gate = gates.get(pglite);
  if (!gate) {
    gate = new SessionGate(() => pglite.exec(RESET_SESSION_SQL));
    gates.set(pglite, gate);
  }
  return gate;
}
