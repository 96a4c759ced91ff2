// Database errors the services react to, the same on SQLite and MySQL/MariaDB.

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
