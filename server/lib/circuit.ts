// Deadlines and circuit breakers for the services the site depends on (DESIGN.md §7): a call that
// does not answer in time fails; repeated failures open the circuit, so requests stop waiting on a
// dead service and get a 503 at once; after `resetMs` one probe is let through (half-open) and its
// success closes the circuit again. opossum does the counting; this file gives every service the
// same defaults, one error type and one registry that /healthz reports.
import CircuitBreaker from 'opossum';
import { AppError } from '../errors.js';

/** The service did not answer in time, failed, or its circuit is open: 503, "try again later". */
export class ServiceUnavailableError extends AppError {
  constructor(
    readonly service: string,
    readonly retryAfterSeconds = 5,
  ) {
    super('service_unavailable', 503, 'genericRetry');
  }
}

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitOptions {
  /** The deadline of one call. */
  timeoutMs: number;
  /** How long an open circuit refuses calls before a probe is let through. */
  resetMs?: number;
  /** Failures in the rolling window (10 s) that open the circuit. */
  failuresToOpen?: number;
  /**
   * Whether an error means the service is unwell (counts towards opening, becomes a 503). Errors
   * of the caller's own making (a duplicate key, a bad argument) pass through unchanged and do not
   * count. Default: every error is the service's.
   */
  isServiceFault?: (err: unknown) => boolean;
}

export interface CircuitReport {
  name: string;
  state: CircuitState;
  timeoutMs: number;
  failures: number;
  timeouts: number;
  successes: number;
  /** How often it has opened since the process started (a failed half-open probe opens it again). */
  opened: number;
}

type Call = () => Promise<unknown>;

export class Circuit {
  private readonly breaker: CircuitBreaker<[Call], unknown>;
  private readonly isServiceFault: (err: unknown) => boolean;
  private timeouts = 0;
  private opened = 0;

  constructor(
    readonly name: string,
    readonly options: CircuitOptions,
  ) {
    this.isServiceFault = options.isServiceFault ?? (() => true);
    const failures = options.failuresToOpen ?? 3;
    this.breaker = new CircuitBreaker((call: Call) => call(), {
      // The deadline is this file's (withinDeadline below), not opossum's: its timer would judge
      // before a stalled process has read the answers already waiting in its sockets.
      timeout: false,
      resetTimeout: options.resetMs ?? 2000,
      rollingCountTimeout: 10_000,
      rollingCountBuckets: 10,
      // Open on the count of failures, not a percentage: a busy site's many successes must not
      // hide a service that has just died. opossum's volumeThreshold counts every call, so one
      // failure after two successes would open it; the percentage is switched off here and the
      // 'failure' listener below opens on the count instead (a failed probe still reopens it).
      volumeThreshold: failures,
      errorThresholdPercentage: 100,
      // Errors that are not the service's fault neither count nor open the circuit.
      errorFilter: (err: unknown) => !(isDeadline(err) || this.isServiceFault(err)),
      // One probe at a time while half-open; the rest get the 503 at once.
      allowWarmUp: false,
      // Nothing here reads latency percentiles or snapshots. With them on, every call's latency was
      // kept for the 10 s window and each second all of them were copied and sorted for a snapshot
      // nobody heard: with the database and Redis behind circuits, a busy process sorted tens of
      // thousands of numbers a second.
      rollingPercentilesEnabled: false,
      enableSnapshots: false,
    });
    this.breaker.on('failure', () => {
      if (!this.breaker.opened && this.breaker.stats.failures >= failures) this.breaker.open();
    });
    this.breaker.on('open', () => this.opened++);
  }

  /** Runs `call` within the deadline; a fault of the service becomes a ServiceUnavailableError. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    try {
      return (await this.breaker.fire(() => withinDeadline(call, this.options.timeoutMs, () => this.timeouts++))) as T;
    } catch (err) {
      throw this.translate(err);
    }
  }

  /** Refuses at once, without calling anything, while the circuit is open. */
  assertClosed(): void {
    if (this.breaker.opened && !this.breaker.halfOpen) throw new ServiceUnavailableError(this.name, this.retryAfterSeconds());
  }

  state(): CircuitState {
    if (this.breaker.halfOpen) return 'half-open';
    return this.breaker.opened ? 'open' : 'closed';
  }

  report(): CircuitReport {
    const s = this.breaker.stats;
    return { name: this.name, state: this.state(), timeoutMs: this.options.timeoutMs, failures: s.failures, timeouts: this.timeouts, successes: s.successes, opened: this.opened };
  }

  /** Stops opossum's timers (process shutdown, tests). */
  shutdown(): void {
    this.breaker.shutdown();
  }

  private retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.options.resetMs ?? 2000) / 1000));
  }

  private translate(err: unknown): unknown {
    if (err instanceof ServiceUnavailableError) return err;
    if (isDeadline(err) || this.isServiceFault(err)) {
      return new ServiceUnavailableError(this.name, this.retryAfterSeconds());
    }
    return err;
  }
}

/**
 * Settles with `call()`, or fails with ETIMEDOUT once `ms` have passed without an answer. After a
 * stall (a long task, or a loaded machine that took the CPU away) Node runs the due timers before
 * it reads the sockets, so a timer alone would fail calls whose answer came in time and is waiting
 * to be read: those count as faults, three open the circuit, and a busy process takes a healthy
 * service for a dead one. The deadline therefore judges one turn later (setImmediate runs after
 * the sockets are read), as db-guard.ts does for the database. A service that does not answer
 * still fails at the deadline, plus that one turn.
 */
function withinDeadline<T>(call: () => Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          settled = true;
          onTimeout();
          reject(Object.assign(new Error(`Timed out after ${ms}ms`), { code: 'ETIMEDOUT' }));
        }),
      ms,
    );
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
    };
    let running: Promise<T>;
    try {
      running = call();
    } catch (err) {
      running = Promise.reject(err as Error);
    }
    running.then(
      (value) => settle(() => resolve(value)),
      (err: unknown) => settle(() => reject(err as Error)),
    );
  });
}

/** EOPENBREAKER: refused while open; ETIMEDOUT: the deadline passed. */
function isDeadline(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'EOPENBREAKER' || code === 'ETIMEDOUT';
}

const registry = new Map<string, Circuit>();

/**
 * The circuit of one service, made on first use; every caller of that service shares it. Name it
 * by service and address ('redis 127.0.0.1:6379'), so two apps in one process (tests) that use
 * different servers do not share a circuit.
 */
export function circuitFor(name: string, options: CircuitOptions): Circuit {
  let circuit = registry.get(name);
  if (!circuit) {
    circuit = new Circuit(name, options);
    registry.set(name, circuit);
  }
  return circuit;
}

/** Every circuit made so far, for /healthz. */
export function allCircuits(): Circuit[] {
  return [...registry.values()];
}

/** Forgets every circuit (tests that start several apps in one process). */
export function resetCircuits(): void {
  for (const c of registry.values()) c.shutdown();
  registry.clear();
}
