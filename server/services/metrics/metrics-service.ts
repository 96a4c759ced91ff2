// What an operator watches (issue 17 §6): one prom-client registry per app with the process's
// default metrics (CPU, memory, GC, event-loop lag), request durations per route pattern, and
// gauges read when Prometheus scrapes: open event streams, the database pool, the outboxes'
// backlog and the payments by state. The database figures are read at most every few seconds,
// under a deadline, however often and however many scrapers ask.
import type { Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../../db.js';
import { OUTBOXES, outboxBacklog, paymentsByStatus, type OutboxBacklog, type OutboxName } from '../../repos/metrics-repo.js';

/** Seconds; a page's budget is 50 ms at p99 (DESIGN.md §8), so the buckets are finest around it. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** How long the database figures are reused before a scrape reads them again. */
const DB_FIGURES_TTL_MS = 5000;
/** A scrape never waits longer than this for the database figures; it then reports the last ones. */
const DB_FIGURES_DEADLINE_MS = 2000;

export interface MetricsDeps {
  db: Db;
  logger: Logger;
  /** Event streams open in this process, read at scrape time. */
  openStreams: () => number;
  now?: () => number;
}

interface DbFigures {
  outboxes: Record<OutboxName, OutboxBacklog>;
  payments: Record<string, number>;
}

/** The pool of knex's client (tarn.js); undefined before the first connection. */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
  max: number;
}

export class MetricsService {
  readonly registry = new Registry();
  private readonly duration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly now: () => number;
  private figures: { at: number; reading: Promise<DbFigures | undefined> } | undefined;
  private last: DbFigures | undefined;
  private readonly failures: Counter;

  constructor(private readonly deps: MetricsDeps) {
    this.now = deps.now ?? Date.now;
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the last byte of the answer, by Express route pattern',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'amora_event_streams_open',
      help: 'Members\' live event streams (GET /api/events) open in this process',
      registers,
      collect() {
        this.set(deps.openStreams());
      },
    });
    const pool = () => (deps.db.client as { pool?: TarnPool }).pool;
    new Gauge({
      name: 'amora_db_pool_connections',
      help: 'Database pool connections by state: used, free, pending_acquires (requests waiting for a connection), pending_creates',
      labelNames: ['state'],
      registers,
      collect() {
        const p = pool();
        this.set({ state: 'used' }, p?.numUsed() ?? 0);
        this.set({ state: 'free' }, p?.numFree() ?? 0);
        this.set({ state: 'pending_acquires' }, p?.numPendingAcquires() ?? 0);
        this.set({ state: 'pending_creates' }, p?.numPendingCreates() ?? 0);
      },
    });
    new Gauge({
      name: 'amora_db_pool_max',
      help: 'The most connections the database pool opens',
      registers,
      collect() {
        this.set(pool()?.max ?? 0);
      },
    });
    this.failures = new Counter({
      name: 'amora_metrics_db_read_failures_total',
      help: 'Scrapes whose database figures (outboxes, payments) failed or missed their deadline; the last known figures were reported',
      registers,
    });
    const figures = async () => {
      await this.dbFigures();
      return this.last;
    };
    new Gauge({
      name: 'amora_outbox_pending',
      help: 'Outbox rows still to be sent (mail, push, sms)',
      labelNames: ['outbox'],
      registers,
      async collect() {
        const f = await figures();
        for (const name of Object.keys(OUTBOXES) as OutboxName[]) if (f) this.set({ outbox: name }, f.outboxes[name].pending);
      },
    });
    const now = this.now;
    new Gauge({
      name: 'amora_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest outbox row still to be sent (0 when none is pending)',
      labelNames: ['outbox'],
      registers,
      async collect() {
        const f = await figures();
        for (const name of Object.keys(OUTBOXES) as OutboxName[]) {
          const oldest = f?.outboxes[name].oldestCreatedAt;
          if (f) this.set({ outbox: name }, oldest == null ? 0 : Math.max(0, (now() - oldest) / 1000));
        }
      },
    });
    new Gauge({
      name: 'amora_payments',
      help: 'Payments by status (open, pending, paid, failed, canceled, expired, refunded, charged_back)',
      labelNames: ['status'],
      registers,
      async collect() {
        const f = await figures();
        if (!f) return;
        this.reset();
        for (const [status, n] of Object.entries(f.payments)) this.set({ status }, n);
      },
    });
  }

  /** Records one answered request; `route` is a pattern (bounded), never the raw URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.duration.observe({ method, route, status_code: statusCode }, seconds);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition of every metric. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** The database figures, read once per TTL for every gauge and scraper; undefined when that read failed. */
  private dbFigures(): Promise<DbFigures | undefined> {
    const at = this.now();
    if (!this.figures || at - this.figures.at >= DB_FIGURES_TTL_MS) this.figures = { at, reading: this.readFigures() };
    return this.figures.reading;
  }

  private async readFigures(): Promise<DbFigures | undefined> {
    const { db } = this.deps;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`database figures took over ${DB_FIGURES_DEADLINE_MS} ms`)), DB_FIGURES_DEADLINE_MS);
    });
    try {
      const read = (async (): Promise<DbFigures> => {
        const [mail, push, sms, payments] = await Promise.all([outboxBacklog(db, 'mail'), outboxBacklog(db, 'push'), outboxBacklog(db, 'sms'), paymentsByStatus(db)]);
        return { outboxes: { mail, push, sms }, payments };
      })();
      read.catch(() => undefined); // still running after the deadline: its failure is the deadline's
      this.last = await Promise.race([read, deadline]);
      return this.last;
    } catch (err) {
      this.failures.inc();
      this.deps.logger.warn({ err }, 'metrics: database figures not read');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
