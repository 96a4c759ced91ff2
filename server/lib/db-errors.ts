// Database errors the services react to, the same on SQLite and MySQL/MariaDB.
import { ServiceUnavailableError } from './circuit.js';

export function isUniqueViolation(err: unknown): boolean {
  const code = String((err as { code?: string } | null)?.code ?? '');
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** MariaDB picks a victim when two transactions wait on each other; the victim may simply retry. */
export function isDeadlock(err: unknown): boolean {
  const code = String((err as { code?: string } | null)?.code ?? '');
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT';
}

/** Runs `work` (a whole transaction) again when the database chose it as a deadlock victim. */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (err) {
      if (!isDeadlock(err) || i >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5 * i + Math.random() * 20));
    }
  }
}

/** Errors that say the server or the way to it is unwell, as opposed to the statement's own fault. */
const SERVICE_FAULT_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT', 'ER_CON_COUNT_ERROR', 'ER_SERVER_SHUTDOWN', 'ER_TOO_MANY_USER_CONNECTIONS',
  'DB_QUERY_TIMEOUT',
]);

/**
 * Whether a database error is the service's fault (it counts towards the circuit and becomes a
 * 503): no connection in time, a lost or refused connection, a statement past its deadline. A
 * duplicate key, a deadlock or a bad statement is the caller's business and passes unchanged.
 */
export function isDbServiceFault(err: unknown): boolean {
  if (err instanceof ServiceUnavailableError) return true;
  const e = err as { name?: string; code?: string; fatal?: boolean } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'KnexTimeoutError') return true;
  if (isDeadlock(err) || isUniqueViolation(err)) return false;
  // mysql2 marks the errors after which a connection is unusable as fatal.
  return SERVICE_FAULT_CODES.has(String(e.code ?? '')) || e.fatal === true;
}
