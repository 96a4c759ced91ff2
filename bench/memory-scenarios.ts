// The memory scenarios of DESIGN.md §8: a burst of 50 concurrent logins (peak RSS under 400 MB,
// answered well under a second) and 10,000 logged-in members' open event streams on one process
// (RSS under 300 MB with them open). The streams' sessions are written straight into the app's
// session store, as a login would leave them, so 10,000 members cost no password hashing.
import { createHmac, randomBytes } from 'node:crypto';
import { request, type ClientRequest } from 'node:http';
import type session from 'express-session';
import { createDb } from '../server/db.js';
import { SESSION_MAX_AGE_MS, connectRedis, createSessionStore } from '../server/sessions.js';
import { cpuTimeMs, peakRssMb, resetPeakRss, rssMb, rssPartsMb, type Target } from './processes.js';
import { STREAM_MEMBER_PASSWORD, streamMemberEmail } from './seed-members.js';

export const LOGIN_BURST = 50;
const HOST = 'localhost';

export interface MemoryMeasured {
  /** Logins or streams that succeeded, of `attempted`. */
  done: number;
  attempted: number;
  p50: number;
  p99: number;
  peakRssMb: number | undefined;
  /** RSS at the end (streams: with all of them open). */
  rssMb: number | undefined;
  /** rssMb in its parts (processes.ts rssPartsMb), where measured. */
  rssParts?: { own: number; fileMapped: number };
  cpuMsPerOp: number | undefined;
  seconds: number;
}

/** Nearest-rank percentile of a list of latencies (ms). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function visitorLoginForm(target: Target): Promise<{ token: string; cookie: string }> {
  const page = await fetch(`${target.url}/login`, { headers: { host: HOST } });
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1];
  if (!token) throw new Error('bench: no CSRF token on /login');
  return { token, cookie: page.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}

/** 50 members (stream members 0…49) log in at the same moment through POST /api/user.php. */
export async function measureLoginBurst(target: Target): Promise<MemoryMeasured> {
  const forms = await Promise.all(Array.from({ length: LOGIN_BURST }, () => visitorLoginForm(target)));
  await new Promise((resolve) => setTimeout(resolve, 500));
  resetPeakRss(target.pid);
  const cpuBefore = cpuTimeMs(target.pid);
  const started = performance.now();
  const answers = await Promise.all(
    forms.map(async (form, i) => {
      const t0 = performance.now();
      const res = await fetch(`${target.url}/api/user.php`, {
        method: 'POST',
        headers: { host: HOST, 'content-type': 'application/json', 'x-csrf-token': form.token, cookie: form.cookie },
        body: JSON.stringify({ email: streamMemberEmail(i), password: STREAM_MEMBER_PASSWORD }),
      }).catch(() => undefined);
      await res?.arrayBuffer();
      return { ok: res?.status === 200, ms: performance.now() - t0 };
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuTimeMs(target.pid);
  const done = answers.filter((a) => a.ok).length;
  const ms = answers.map((a) => a.ms);
  return {
    done, attempted: LOGIN_BURST, p50: percentile(ms, 50), p99: percentile(ms, 99), peakRssMb: peakRssMb(target.pid), rssMb: rssMb(target.pid),
    cpuMsPerOp: cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / LOGIN_BURST : undefined, seconds,
  };
}

/** express-session's signed cookie value (`s:<sid>.<base64 HMAC-SHA256 without padding>`). */
function signedCookie(sid: string, secret: string): string {
  return encodeURIComponent(`s:${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`);
}

/** Writes one session per member into the store the app reads (the database, or Redis when given). */
async function writeSessions(opts: { databaseUrl: string; redisUrl?: string; secret: string; firstUserId: number; count: number }): Promise<string[]> {
  const db = createDb(opts.databaseUrl);
  const redis = opts.redisUrl ? await connectRedis(opts.redisUrl) : undefined;
  const store = createSessionStore(db, redis, { cleanup: false });
  const now = Date.now();
  const cookies: string[] = [];
  try {
    const ids = Array.from({ length: opts.count }, () => randomBytes(24).toString('base64url'));
    for (let i = 0; i < ids.length; i += 200) {
      await Promise.all(
        ids.slice(i, i + 200).map(
          (sid, j) =>
            new Promise<void>((resolve, reject) => {
              const data = { cookie: { originalMaxAge: SESSION_MAX_AGE_MS, expires: new Date(now + SESSION_MAX_AGE_MS), httpOnly: true, path: '/', sameSite: 'lax' }, userId: opts.firstUserId + i + j, authAt: now };
              store.set(sid, data as unknown as session.SessionData, (err) => (err ? reject(err as Error) : resolve()));
            }),
        ),
      );
    }
    for (const sid of ids) cookies.push(`amora.sid=${signedCookie(sid, opts.secret)}; amora_entry=1`);
  } finally {
    (store as { close?: () => void }).close?.();
    if (redis?.isOpen) await redis.close();
    await db.destroy();
  }
  return cookies;
}

/** One open stream: resolves once its headers and first events arrived (true when 200). */
function openStream(target: Target, cookie: string, open: ClientRequest[]): Promise<boolean> {
  const url = new URL('/api/events', target.url);
  return new Promise((resolve) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, agent: false, headers: { host: HOST, cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return resolve(false);
      }
      res.once('data', () => resolve(true));
      res.on('data', () => undefined);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(30_000, () => req.destroy());
    open.push(req);
    req.end();
  });
}

/** Opens `count` logged-in members' event streams on the app and measures its memory with them open. */
export async function measureOpenStreams(target: Target, opts: { databaseUrl: string; redisUrl?: string; secret: string; firstUserId: number; count: number; log: (msg: string) => void }): Promise<MemoryMeasured> {
  const cookies = await writeSessions(opts);
  opts.log(`wrote ${cookies.length} sessions; opening the streams`);
  const open: ClientRequest[] = [];
  const ms: number[] = [];
  resetPeakRss(target.pid);
  const cpuBefore = cpuTimeMs(target.pid);
  const started = performance.now();
  let done = 0;
  try {
    for (let i = 0; i < cookies.length; i += 100) {
      const results = await Promise.all(
        cookies.slice(i, i + 100).map(async (cookie) => {
          const t0 = performance.now();
          const ok = await openStream(target, cookie, open);
          ms.push(performance.now() - t0);
          return ok;
        }),
      );
      done += results.filter(Boolean).length;
    }
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuTimeMs(target.pid);
    // Let the garbage of opening them go, as it would on a server that runs for a while.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return {
      done, attempted: cookies.length, p50: percentile(ms, 50), p99: percentile(ms, 99), peakRssMb: peakRssMb(target.pid), rssMb: rssMb(target.pid), rssParts: rssPartsMb(target.pid),
      cpuMsPerOp: cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / cookies.length : undefined, seconds,
    };
  } finally {
    for (const req of open) req.destroy();
  }
}
