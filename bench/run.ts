// `npm run bench`: seeds large databases, load-tests the production server next to a bare node:http server, prints one table.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { addBenchMember, benchMemberCookie } from './bench-member.js';
import { addChatMembers, measureChatSend } from './chat-send.js';
import { prepareMysql, prepareSqlite, type PreparedDb } from './databases.js';
import { ROOT, installCleanup, killChildren, peakRssMb, resetPeakRss, startApp, startBare, type Target } from './processes.js';

const P99_BUDGET_MS = 50;
const GROWTH_BUDGET = 2;
const WARMUP_S = 2;
/** Growth is about the cost of one search, not queueing: one connection, so latency = service time. */
const GROWTH_CONNECTIONS = 1;
const FILTERED = '/members?gender=female&min_age=25&max_age=45&country=GB';
const HEADERS = { host: 'localhost', cookie: 'amora_entry=1' };

interface Options {
  profiles: number;
  growth: boolean;
  duration: number;
  connections: number;
  mysql: string | undefined;
  keep: boolean;
  /** Which scenario groups run on each database: the page loads, the chat send, or both. */
  only: Set<Scenario>;
  /** Where the app servers write their CPU profiles (node --cpu-prof), if anywhere. */
  cpuProf: string | undefined;
  /** Only MySQL (with --mysql): the SQLite scenarios are skipped. */
  noSqlite: boolean;
}

const SCENARIOS = ['pages', 'chat'] as const;
type Scenario = (typeof SCENARIOS)[number];

interface Measured {
  /** Responses received; 0 means every request outlived the run (latencies are then NaN). */
  completed: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  failed: number;
  rssMb: number | undefined;
}

interface Row extends Measured {
  scenario: string;
  budget: string;
  /** undefined: no budget applies (reference rows). */
  pass: boolean | undefined;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      profiles: { type: 'string', default: '100000' },
      growth: { type: 'boolean', default: false },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      mysql: { type: 'string' },
      keep: { type: 'boolean', default: false },
      only: { type: 'string', default: SCENARIOS.join(',') },
      'cpu-prof': { type: 'string' },
      'no-sqlite': { type: 'boolean', default: false },
    },
  });
  const int = (name: string, raw: string, min: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}, got "${raw}"`);
    return n;
  };
  if (values['no-sqlite'] && !values.mysql) throw new Error('--no-sqlite needs --mysql URL');
  return {
    profiles: int('profiles', values.profiles, 1),
    growth: values.growth,
    duration: int('duration', values.duration, 1),
    connections: int('connections', values.connections, 1),
    mysql: values.mysql,
    keep: values.keep,
    only: scenariosOf(values.only),
    cpuProf: values['cpu-prof'] ? resolve(values['cpu-prof']) : undefined,
    noSqlite: values['no-sqlite'],
  };
}

/** `--only chat` or `--only pages,chat`: the scenario groups to run. */
function scenariosOf(raw: string): Set<Scenario> {
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(SCENARIOS as readonly string[]).includes(n));
  if (unknown.length || !names.length) throw new Error(`--only takes ${SCENARIOS.join(', ')} (comma-separated), got "${raw}"`);
  return new Set(names as Scenario[]);
}

const log = (msg: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const count = (n: number) => (n >= 1_000_000 && n % 1_000_000 === 0 ? `${n / 1_000_000}M` : n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));

/**
 * Requests cut off by the end of the warm-up are still queued in the server: wait until they are
 * done. /healthz queries the database and says 200 only when that took under 2 s.
 */
async function drain(target: Target): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const status = await fetch(`${target.url}/healthz`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0);
    if (status === 200) return;
  }
}

/**
 * Warms the path up for 2 s, then measures it; `ids` varies /members/{id} per request; `cookie`
 * makes the requests a logged-in member's.
 */
async function measure(target: Target, path: string, opts: Options, ids?: number[], cookie?: string): Promise<Measured> {
  const requests = ids?.length
    ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: `/members/${ids[Math.floor(Math.random() * ids.length)]}` }) }]
    : undefined;
  const headers = cookie ? { ...HEADERS, cookie } : HEADERS;
  const base = { url: `${target.url}${path}`, connections: opts.connections, headers, requests, timeout: 10 };
  await autocannon({ ...base, duration: WARMUP_S });
  await drain(target);
  resetPeakRss(target.pid);
  const r = await autocannon({ ...base, duration: opts.duration });
  const completed = r.requests.total;
  return {
    completed,
    reqPerSec: r.requests.average,
    p50: completed ? r.latency.p50 : NaN,
    p99: completed ? r.latency.p99 : NaN,
    failed: r.non2xx + r.errors,
    rssMb: peakRssMb(target.pid),
  };
}

function pageRow(scenario: string, m: Measured): Row {
  return { scenario, ...m, budget: `p99 < ${P99_BUDGET_MS} ms`, pass: m.completed > 0 && m.p99 < P99_BUDGET_MS && m.failed === 0 };
}

const CHAT_BUDGET = 1000;

/** Messages per second through POST /api/messages.php, each debited and delivered live. */
async function chatRow(label: string, app: Target, members: Awaited<ReturnType<typeof addChatMembers>>, opts: Options): Promise<Row> {
  log(`${label}: chat send`);
  const m = await measureChatSend(app, members, opts);
  if (m.peakRssBeforeMb !== undefined) log(`${label}: peak RSS before the chat run (its members logging in, scrypt) ${m.peakRssBeforeMb.toFixed(0)} MB`);
  if (m.cpuMsPerMessage !== undefined) log(`${label}: chat send used ${m.cpuMsPerMessage.toFixed(2)} ms of app CPU (all its threads) per message`);
  return {
    scenario: `${label}: chat send (debit + live), msg/s`,
    completed: m.sent,
    reqPerSec: m.perSecond,
    p50: m.p50,
    p99: m.p99,
    failed: m.failed + Math.max(0, m.sent - m.delivered),
    rssMb: peakRssMb(app.pid),
    budget: `≥ ${CHAT_BUDGET} msg/s, all delivered (${m.delivered}/${m.sent})`,
    pass: m.perSecond >= CHAT_BUDGET && m.failed === 0 && m.delivered >= m.sent,
  };
}

/** Starts the app on a prepared database and runs the page scenarios, as a visitor and as a member, then chat. */
async function pageScenarios(label: string, db: PreparedDb, dataDir: string, opts: Options): Promise<Row[]> {
  await addBenchMember(db.url);
  const chatMembers = await addChatMembers(db.url);
  const app = await startApp({ name: label, databaseUrl: db.url, dataDir, logFile: join(dataDir, 'server.log'), cpuProfileDir: opts.cpuProf && join(opts.cpuProf, label.replace(/\W+/g, '-')) });
  try {
    const rows: Row[] = [];
    const member = await benchMemberCookie(app);
    const pages = [
      ['GET /members', '/members', undefined, undefined],
      ['GET /members?filters', FILTERED, undefined, undefined],
      ['GET /members/{id}', '/members/1', db.profileIds, undefined],
      ['member GET /members?filters', FILTERED, undefined, member],
      ['member GET /members/{id}', '/members/1', db.profileIds, member],
    ] as const;
    for (const [name, path, ids, cookie] of opts.only.has('pages') ? pages : []) {
      log(`${label}: ${name}`);
      rows.push(pageRow(`${label}: ${name}`, await measure(app, path, opts, ids ? [...ids] : undefined, cookie)));
    }
    if (opts.only.has('chat')) rows.push(await chatRow(label, app, chatMembers, opts));
    return rows;
  } finally {
    await app.stop();
  }
}

async function growthScenario(work: string, opts: Options): Promise<Row[]> {
  const measured: Measured[] = [];
  for (const n of [10_000, 1_000_000]) {
    const dir = join(work, `growth-${count(n)}`);
    log(`growth: seeding SQLite with ${count(n)} profiles`);
    const db = await prepareSqlite(join(dir, 'amora.sqlite'), n, join(dir, 'media'));
    log(`growth: seeded in ${(db.seed.ms / 1000).toFixed(1)} s; measuring the filtered search`);
    await addBenchMember(db.url);
    const app = await startApp({ name: `growth ${count(n)}`, databaseUrl: db.url, dataDir: dir, logFile: join(dir, 'server.log') });
    try {
      // Logged in: the member's blocks are part of what a filtered page costs.
      measured.push(await measure(app, FILTERED, { ...opts, connections: GROWTH_CONNECTIONS }, undefined, await benchMemberCookie(app)));
    } finally {
      await app.stop();
    }
    if (!opts.keep) await rm(dir, { recursive: true, force: true });
  }
  const [small, large] = measured as [Measured, Measured];
  // Nothing answered at 1M within the run: the ratio is at least (run length ÷ p99 at 10k).
  const ratio = large.completed ? large.p99 / small.p99 : (opts.duration * 1000) / small.p99;
  return [
    { scenario: `growth sqlite 10k, ${GROWTH_CONNECTIONS} conn: member GET /members?filters`, ...small, budget: 'reference for growth', pass: undefined },
    {
      scenario: `growth sqlite 1M, ${GROWTH_CONNECTIONS} conn: member GET /members?filters`,
      ...large,
      budget: `p99 ≤ ${GROWTH_BUDGET}× 10k (${large.completed ? '' : '>'}${ratio.toFixed(2)}×)`,
      pass: ratio <= GROWTH_BUDGET && large.failed === 0 && large.completed > 0,
    },
  ];
}

function printTable(rows: Row[], bareReqPerSec: number, duration: number): void {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'ratio to bare', 'peak RSS MB', 'non-2xx/err', 'budget', 'result'];
  const cells = rows.map((r) => [
    r.scenario,
    r.reqPerSec.toFixed(0),
    r.completed ? r.p50.toFixed(1) : `>${duration * 1000}`,
    r.completed ? r.p99.toFixed(1) : `>${duration * 1000}`,
    `${(r.reqPerSec / bareReqPerSec).toFixed(3)}×`,
    r.rssMb === undefined ? '-' : r.rssMb.toFixed(0),
    String(r.failed),
    r.budget,
    r.pass === undefined ? '-' : r.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const numeric = new Set([1, 2, 3, 4, 5, 6]);
  const line = (c: string[]) => c.map((v, i) => (numeric.has(i) ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const c of cells) console.log(line(c));
}

async function main(): Promise<void> {
  const opts = parseOptions();
  installCleanup();
  if (!existsSync(join(ROOT, 'dist/server/index.js'))) {
    throw new Error('dist/server/index.js is missing: run `npm run build` first (`npm run bench` does)');
  }
  await mkdir(join(ROOT, 'bench/data'), { recursive: true });
  const work = await mkdtemp(join(ROOT, 'bench/data/run-'));
  log(`working directory ${relative(ROOT, work)}; ${opts.connections} connections, ${opts.duration} s per scenario after ${WARMUP_S} s warm-up`);
  const rows: Row[] = [];

  const bare = await startBare();
  log('bare node:http server');
  const bareM = await measure(bare, '/', opts);
  await bare.stop();
  rows.push({ scenario: 'bare node:http (20 KB page)', ...bareM, budget: 'reference', pass: undefined });

  if (!opts.noSqlite) {
    const sqliteDir = join(work, `sqlite-${count(opts.profiles)}`);
    log(`seeding SQLite with ${count(opts.profiles)} profiles`);
    const sqlite = await prepareSqlite(join(sqliteDir, 'amora.sqlite'), opts.profiles, join(sqliteDir, 'media'));
    log(`seeded ${sqlite.seed.profiles} profiles, ${sqlite.seed.photos} photos, ${sqlite.seed.interests} interests in ${(sqlite.seed.ms / 1000).toFixed(1)} s`);
    rows.push(...(await pageScenarios(`sqlite ${count(opts.profiles)}`, sqlite, sqliteDir, opts)));
  }

  if (opts.mysql) {
    const mysqlDir = join(work, 'mysql');
    log(`seeding MySQL (${opts.mysql.replace(/\/\/[^@]*@/, '//…@')}) with ${count(opts.profiles)} profiles`);
    const mysql = await prepareMysql(opts.mysql, opts.profiles, join(mysqlDir, 'media'));
    log(`seeded in ${(mysql.seed.ms / 1000).toFixed(1)} s`);
    rows.push(...(await pageScenarios(`mysql ${count(opts.profiles)}`, mysql, mysqlDir, opts)));
  }

  if (opts.growth) rows.push(...(await growthScenario(work, opts)));

  printTable(rows, bareM.reqPerSec, opts.duration);
  const judged = rows.filter((r) => r.pass !== undefined);
  const failed = judged.filter((r) => !r.pass);
  console.log(
    failed.length
      ? `\nSUMMARY: ${failed.length} of ${judged.length} budgets FAILED: ${failed.map((r) => r.scenario).join('; ')}`
      : `\nSUMMARY: all ${judged.length} budgets passed`,
  );
  if (opts.keep) console.log(`Data kept in ${relative(ROOT, work)}`);
  else await rm(work, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    // SQL errors quote the whole statement: keep the start and the end.
    const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
    console.error(text.length > 3000 ? `${text.slice(0, 1500)}\n…\n${text.slice(-1500)}` : text);
    killChildren();
    process.exit(1);
  },
);
