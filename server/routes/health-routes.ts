// Health for operators and load balancers (issue 13):
// - /livez: the process answers (200 while only a dependency is down: restarting would not help);
// - /readyz: this process can serve members (503 while the database or Redis is down or its circuit
//   is open, so a load balancer takes it out until it heals);
// - /healthz: the whole picture, each dependency with its latency and every circuit's state; 200 or
//   503 as /readyz, with the plain `database` and `redis` fields that monitors already read.
import { Router, type Response } from 'express';
import type { Db } from '../db.js';
import { allCircuits, type CircuitReport } from '../lib/circuit.js';

type RedisPing = { ping(): Promise<string> } | undefined;

/** The deadline of one health probe: a load balancer's check must not hang either. */
const PROBE_MS = 400;

export interface DependencyHealth {
  status: 'ok' | 'down' | 'disabled';
  latencyMs?: number;
}

/** Circuits whose opening means this process cannot serve members (others degrade one feature). */
const ESSENTIAL = /^(redis|database|db|mysql|mariadb|sqlite)\b/i;

async function probe(call: () => Promise<unknown>): Promise<DependencyHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([call(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), PROBE_MS)))]);
    return { status: 'ok', latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { status: 'down', latencyMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

async function check(db: Db, redis: RedisPing) {
  const [database, cache] = await Promise.all([
    probe(() => db.raw('select 1')),
    redis ? probe(() => redis.ping()) : Promise.resolve<DependencyHealth>({ status: 'disabled' }),
  ]);
  const circuits: CircuitReport[] = allCircuits().map((c) => c.report());
  const openEssential = circuits.filter((c) => c.state === 'open' && ESSENTIAL.test(c.name)).map((c) => c.name);
  const ready = database.status === 'ok' && cache.status !== 'down' && openEssential.length === 0;
  return { ready, database, redis: cache, circuits, openEssential };
}

function send(res: Response, status: number, body: unknown): void {
  res.status(status).set('Cache-Control', 'no-store').json(body);
}

export function healthRoutes(db: Db, redis: RedisPing): Router {
  const router = Router();
  router.get('/livez', (_req, res) => send(res, 200, { status: 'ok' }));
  router.get('/readyz', async (_req, res) => {
    const h = await check(db, redis);
    send(res, h.ready ? 200 : 503, { status: h.ready ? 'ready' : 'not_ready', database: h.database.status, redis: h.redis.status, openCircuits: h.openEssential });
  });
  router.get('/healthz', async (_req, res) => {
    const h = await check(db, redis);
    send(res, h.ready ? 200 : 503, {
      status: h.ready ? 'ok' : 'degraded',
      database: h.database.status,
      redis: h.redis.status,
      dependencies: { database: h.database, redis: h.redis },
      circuits: h.circuits,
    });
  });
  return router;
}
