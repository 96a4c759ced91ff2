// Bench child processes: start the production server and the bare server, wait for them, sample memory, clean up.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface Target {
  name: string;
  url: string;
  pid: number;
  logFile: string | undefined;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();

/** Kills every child still running (used on errors, Ctrl-C and exit; nothing to wait for). */
export function killChildren(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
}

/** Makes sure no server outlives the bench, whatever way it ends. */
export function installCleanup(): void {
  process.on('exit', killChildren);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the servers`);
      killChildren();
      process.exit(130);
    });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function track(child: ChildProcess, killAfterMs = 10_000): () => Promise<void> {
  children.add(child);
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      await exited;
      clearTimeout(timer);
    }
    children.delete(child);
  };
}

function tail(file: string | undefined, lines = 30): string {
  if (!file) return '';
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Starts `node dist/server/index.js` with the production environment and waits for GET /healthz 200. */
export async function startApp(opts: { name: string; databaseUrl: string; redisUrl?: string; dataDir: string; logFile: string; cpuProfileDir?: string }): Promise<Target> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: opts.dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
    // On MySQL the server does not start without a chosen provider; the bench buys nothing real.
    PAYMENT_PROVIDER: 'test',
  };
  delete env.REDIS_URL;
  delete env.METRICS_TOKEN;
  if (opts.redisUrl) env.REDIS_URL = opts.redisUrl;
  const fd = openSync(opts.logFile, 'a');
  // --cpu-prof writes a .cpuprofile (Chrome DevTools) when the server exits after SIGTERM.
  const profile = opts.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfileDir}`] : [];
  const child = spawn(process.execPath, [...profile, join(ROOT, 'dist/server/index.js')], { cwd: ROOT, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  // A profiled server needs its graceful exit (the profile is written then), however long it takes.
  const stop = track(child, opts.cpuProfileDir ? 120_000 : 10_000);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(`${url}/healthz`, child, 120_000);
  } catch (err) {
    await stop();
    throw new Error(`${opts.name}: ${(err as Error).message}\n--- ${opts.logFile} ---\n${tail(opts.logFile)}`, { cause: err });
  }
  return { name: opts.name, url, pid: child.pid!, logFile: opts.logFile, stop };
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was healthy`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs / 1000} s`);
}

/** Starts bench/bare-server.ts (node:http, a fixed page). */
export const startBare = () => startScript('bench/bare-server.ts', 'bare node:http');
/** Starts bench/reference-server.ts (Express + React renderToString, no database). */
export const startReference = () => startScript('bench/reference-server.ts', 'reference');
/** Starts bench/member-floor-server.ts (the reference page behind a session and two SQLite reads). */
export const startMemberFloor = () => startScript('bench/member-floor-server.ts', 'member floor');

/** Starts a bench server script in production mode (React's production build) and reads the port it prints. */
async function startScript(script: string, name: string): Promise<Target> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, script)], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = track(child);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} server: no port within 30 s`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} server exited (${code})`));
    });
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  child.stdout!.resume();
  return { name, url: `http://127.0.0.1:${port}`, pid: child.pid!, logFile: undefined, stop };
}

/** Peak resident memory (VmHWM) of a process in MB; undefined where /proc is not available. */
export function peakRssMb(pid: number): number | undefined {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts a new peak for peakRssMb() (Linux: VmHWM back to the current RSS), so that a scenario's
 * peak is its own and not, say, the logins' before it (scrypt holds 128 MB per password checked).
 * Best effort: false where the process's clear_refs cannot be written.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * CPU time (user + system) a process has used so far, in ms; undefined where /proc is not
 * available. On a machine shared with other work, CPU per request says what a run's throughput
 * cannot: how much of a core each request costs.
 */
export function cpuTimeMs(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces, hence the last ")"): utime is the 14th, stime the 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Resident memory (VmRSS) of a process now, in MB; undefined where /proc is not available. */
export function rssMb(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A process's resident memory in its parts (Linux), in MB: its own (anonymous and shared-memory
 * pages: the heap, buffers) and the pages of files it maps (the binaries and, on SQLite, the
 * database file read through mmap_size, which are the OS's file cache and reclaimable under
 * pressure). RSS counts both; undefined where /proc is not available.
 */
export function rssPartsMb(pid: number): { own: number; fileMapped: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? NaN);
    const parts = { own: (kb('RssAnon') + kb('RssShmem')) / 1024, fileMapped: kb('RssFile') / 1024 };
    return Number.isNaN(parts.own + parts.fileMapped) ? undefined : parts;
  } catch {
    return undefined;
  }
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat times (100 on every common platform). */
const CLOCK_TICKS = 100;
