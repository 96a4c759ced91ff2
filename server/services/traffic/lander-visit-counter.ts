// Counting lander visits without a database write per visit (landers are budgeted like static
// pages, DESIGN.md §8). Each process adds its visits up in memory, keyed by site, UTC day, lander,
// variant and network, and every few seconds adds the sums to the database in one upsert per 200
// keys; on shutdown (runtime.close()) it flushes what is left.
//
// Trade-off: a process that crashes (or is killed without SIGTERM) loses the visits of its last
// flush interval, at most FLUSH_INTERVAL_MS of its traffic; a flush the database refuses (down,
// circuit open, past its deadline) keeps its counts for the next one, so an outage loses nothing
// unless the process dies during it. A flush whose statement timed out after the server had
// committed it is counted twice: rare, and a few seconds' visits. Redis is not used: a HINCRBY per
// visit would put a network round trip on every lander answer, and the sums would still have to
// reach the database for the stats to join them with the accounts.
import type { Logger } from 'pino';
import type { Db } from '../../db.js';
import { isDbServiceFault, isDeadlock, retryOnDeadlock } from '../../lib/db-errors.js';
import { addVisits, type VisitCount } from '../../repos/lander-visits-repo.js';

export const FLUSH_INTERVAL_MS = 5000;
/** Distinct keys one process holds between flushes; a flood of made-up networks folds into one. */
export const MAX_PENDING_KEYS = 10_000;
export const OVERFLOW_NETWORK = '(other)';

export type VisitKey = Omit<VisitCount, 'visits'>;

const SEP = '\u0000';
const keyOf = (k: VisitKey) => [k.siteId, k.day, k.lander, k.variant, k.network].join(SEP);

export interface CounterDeps {
  db: Db;
  logger: Logger;
  intervalMs?: number;
  /** Where the sums go (default: the lander_visits table); tests put a failing one in front. */
  save?: (counts: VisitCount[]) => Promise<void>;
}

export class LanderVisitCounter {
  private pending = new Map<string, VisitCount>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly save: (counts: VisitCount[]) => Promise<void>;

  constructor(private readonly deps: CounterDeps) {
    this.save = deps.save ?? ((counts) => addVisits(deps.db, counts));
  }

  /** One visit; synchronous and allocation-light (runs in the response's header hook). */
  record(key: VisitKey): void {
    this.add(key, 1);
    if (!this.timer && !this.closed) {
      this.timer = setInterval(() => void this.flush(), this.deps.intervalMs ?? FLUSH_INTERVAL_MS);
      this.timer.unref();
    }
  }

  /** Visits counted here and not yet in the database. */
  pendingVisits(): number {
    let n = 0;
    for (const c of this.pending.values()) n += c.visits;
    return n;
  }

  /**
   * Adds what was counted so far to the database. The counts are taken out first, synchronously,
   * so flushes that overlap (the timer and shutdown, two processes) each write their own visits once.
   */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await retryOnDeadlock(() => this.save(batch));
    } catch (err) {
      // The database is away (down, circuit open, past its deadline): kept for the next flush. A
      // statement the database refuses for itself would be refused again: those counts are let go
      // rather than block every later flush. Either way a page never hears of it.
      if (isDbServiceFault(err) || isDeadlock(err)) {
        for (const c of batch) this.add(c, c.visits);
        this.deps.logger.warn({ err, keys: batch.length }, 'lander visits not saved yet: kept for the next flush');
      } else {
        this.deps.logger.error({ err, keys: batch.length }, 'lander visits refused by the database: dropped');
      }
    }
  }

  /** Stops the timer and flushes what is left (shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private add(key: VisitKey, visits: number): void {
    let k = keyOf(key);
    let found = this.pending.get(k);
    if (!found && this.pending.size >= MAX_PENDING_KEYS) {
      const folded = { ...key, network: OVERFLOW_NETWORK };
      k = keyOf(folded);
      found = this.pending.get(k);
      if (!found && this.pending.size >= MAX_PENDING_KEYS + 1000) return; // not even room for the fold: dropped
      key = folded;
    }
    if (found) found.visits += visits;
    else this.pending.set(k, { siteId: key.siteId, day: key.day, lander: key.lander, variant: key.variant, network: key.network, visits });
  }
}
