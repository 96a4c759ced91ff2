// Deadlines and a circuit for MySQL/MariaDB (DESIGN.md §7). A server that stops answering must
// cost a request at most one deadline, and once it has failed a few times none at all: getting a
// connection has a deadline (knex's pool), opening one too (mysql2), and every statement gets its
// own. A statement past its deadline takes its connection down with it, so the server rolls back
// whatever transaction was open on it and no half-written work can be committed later. Repeated
// faults open the circuit: requests then get a 503 at once, and after a pause one request's fresh
// connection is pinged (half-open) and closes the circuit again when the server answers.
// SQLite needs none of this: it runs in the process and cannot stop answering.
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import { circuitFor, ServiceUnavailableError, type Circuit } from './circuit.js';
import { isDbServiceFault } from './db-errors.js';

export interface DbDeadlines {
  /** Opening a connection (TCP and the server's greeting). */
  connectMs: number;
  /** Waiting for a connection from the pool (including opening one). */
  acquireMs: number;
  /** One statement; 0 = none (migrations, bulk seeding). */
  queryMs: number;
}

/** Far below a visitor's patience and far above any statement the site runs (p99 well under 50 ms). */
export const DB_DEADLINES: DbDeadlines = { connectMs: 1000, acquireMs: 1000, queryMs: 1500 };

const RESET_MS = 2000;

/** The part of a mysql2 connection this file uses. */
interface RawConnection {
  destroy(): void;
  stream?: { destroy(): void };
  ping(callback: (err: Error | null) => void): void;
}

interface Guard {
  circuit: Circuit;
  queryMs: number;
}

const require = createRequire(import.meta.url);
const MySql2Client = require('knex/lib/dialects/mysql2/index.js') as typeof Knex.Client;

/** The guard of each knex instance, by its config (shared with its transactions' clients). */
const guards = new WeakMap<object, Guard>();
/** Connections this file has given up on: later errors on them are not counted again. */
const abandoned = new WeakSet<object>();

/**
 * knex's mysql2 client with the deadlines and the circuit. A subclass (rather than patching the
 * instance) because knex builds each transaction's client from the client's class.
 */
export function guardedMysqlClient(name: string, queryMs: number): typeof Knex.Client {
  const guard: Guard = { circuit: circuitFor(name, { timeoutMs: DB_DEADLINES.acquireMs + 2 * DB_DEADLINES.queryMs, resetMs: RESET_MS, isServiceFault: isDbServiceFault }), queryMs };

  return class GuardedMysql2Client extends MySql2Client {
    constructor(config: Knex.Config) {
      super(config);
      // Code that asks for the dialect (migrations, isSqlite) reads it from config.client.
      this.config.client = 'mysql2';
      guards.set(this.config, guard);
    }

    override async acquireConnection(): Promise<RawConnection> {
      if (guard.circuit.state() === 'closed') {
        try {
          return (await super.acquireConnection()) as RawConnection;
        } catch (err) {
          // Every connection was busy for the whole wait: the server is answering, there are just
          // more requests than connections (a burst of 100 page loads). This request gets its 503,
          // but the circuit must not open and refuse everybody else for the next seconds. A server
          // that has in fact stopped is still noticed: the busy connections' statements run into
          // their own deadlines, and those count.
          if (isPoolSaturated(this as unknown as PooledClient, err)) throw unavailable(guard, err);
          throw fault(guard, err);
        }
      }
      // Open: refused at once. Half-open: this request is the probe, and a pooled connection
      // proves nothing until the server has answered on it.
      let gaveUp = false;
      try {
        return await guard.circuit.run(async () => {
          const conn = (await super.acquireConnection()) as RawConnection;
          try {
            await withDeadline(conn, new Promise<void>((resolve, reject) => conn.ping((err) => (err ? reject(err) : resolve()))), DB_DEADLINES.queryMs);
          } catch (err) {
            await this.releaseConnection(conn);
            throw err;
          }
          if (gaveUp) {
            await this.releaseConnection(conn);
            throw new Error('database probe answered after its deadline');
          }
          return conn;
        });
      } catch (err) {
        gaveUp = true;
        throw err;
      }
    }

    override query(connection: RawConnection, obj: unknown): Promise<unknown> {
      const running = super.query(connection, obj) as Promise<unknown>;
      const timed = guard.queryMs > 0 ? withDeadline(connection, running, guard.queryMs) : running;
      return timed.catch((err: unknown) => {
        // Our own deadline is a fault of the server and counts; what the abandoned connection
        // reports after it (the socket we closed) must not count a second time.
        const ownDeadline = (err as { code?: string } | null)?.code === 'DB_QUERY_TIMEOUT';
        throw abandoned.has(connection) && !ownDeadline && isDbServiceFault(err) ? unavailable(guard, err) : fault(guard, err);
      });
    }
  };
}

/** Runs `work` without the statement deadline: migrations may rebuild big tables. */
export async function withoutQueryDeadline<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  const guard = guards.get(db.client.config);
  if (!guard) return work();
  const before = guard.queryMs;
  guard.queryMs = 0;
  try {
    return await work();
  } finally {
    guard.queryMs = before;
  }
}

/**
 * Settles with `running`, or rejects after `ms` and closes the connection: the statement may still
 * be on its way, and the connection must not serve anybody else (nor commit anything) after this.
 */
function withDeadline<T>(connection: RawConnection, running: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    // After a stalled event loop, timers run before the answers already waiting in the sockets
    // are read: setImmediate lets those in first, so a busy process does not mistake itself for
    // a dead server.
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          abandoned.add(connection);
          connection.destroy();
          connection.stream?.destroy();
          reject(Object.assign(new Error(`the database did not answer within ${ms} ms`), { code: 'DB_QUERY_TIMEOUT' }));
        }),
      ms,
    );
    running.then(
      (value) => {
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        settled = true;
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/** The part of knex's client this file reads: its tarn pool. */
interface PooledClient {
  pool?: { numUsed(): number; max: number };
}

/** A wait for a connection that timed out while every connection the pool may hold was in use. */
function isPoolSaturated(client: PooledClient, err: unknown): boolean {
  const pool = client.pool;
  return (err as { name?: string } | null)?.name === 'KnexTimeoutError' && !!pool && pool.numUsed() >= pool.max;
}

/** A fault of the server counts towards opening the circuit and becomes a 503; anything else passes unchanged. */
function fault(guard: Guard, err: unknown): unknown {
  if (!isDbServiceFault(err) || err instanceof ServiceUnavailableError) return err;
  // The fast path does not go through opossum; a failed call fed to it counts the fault.
  guard.circuit.run(() => Promise.reject(err)).catch(() => undefined);
  return unavailable(guard, err);
}

function unavailable(guard: Guard, err: unknown): ServiceUnavailableError {
  if (err instanceof ServiceUnavailableError) return err;
  const e = new ServiceUnavailableError(guard.circuit.name, Math.ceil(RESET_MS / 1000));
  e.cause = err;
  return e;
}
