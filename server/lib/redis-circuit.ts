// Every use of Redis (sessions, rate limits, live events) has a deadline of a few hundred
// milliseconds and goes through one circuit per Redis server (issue 13): a frozen or dead Redis
// costs a request at most one deadline, then nothing at all while the circuit is open, and the
// half-open probe closes it again within about a second of Redis coming back.
import { RateLimiterRes } from 'rate-limiter-flexible';
import { circuitFor, type Circuit } from './circuit.js';

/** The deadline of one Redis command: far below a browser's patience, far above a healthy Redis. */
export const REDIS_DEADLINE_MS = 300;
/** How long an open Redis circuit refuses before one probe is let through. */
export const REDIS_RESET_MS = 1000;

/** host:port of a redis:// URL, the circuit's name. */
export function redisAddress(url: string | undefined): string {
  try {
    const u = new URL(url ?? 'redis://127.0.0.1:6379');
    return `${u.hostname}:${u.port || '6379'}`;
  } catch {
    return 'unknown';
  }
}

/** The circuit of the Redis server behind `client` (shared by every client of that server). */
export function redisCircuit(client: { options?: { url?: string } }): Circuit {
  return circuitFor(`redis ${redisAddress(client.options?.url)}`, {
    timeoutMs: REDIS_DEADLINE_MS,
    resetMs: REDIS_RESET_MS,
    failuresToOpen: 3,
    // A limiter's "limit reached" answer is Redis working, not failing.
    isServiceFault: (err) => !(err instanceof RateLimiterRes),
  });
}
