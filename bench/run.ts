// `npm run bench` (DESIGN.md §8, issue 17): seeds large databases (kept for the next run), load-tests
// the production server beside a bare node:http server and a reference page (Express + React
// renderToString, no database), and prints one markdown table. For every scenario: req/s, p50/p99,
// the app process's CPU ms per request and its ratio to the reference's. On a busy machine the CPU
// ratio is the figure to compare; req/s and latencies move with the other work.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createClient } from 'redis';
import { benchMemberCookie, benchVisitorCookie } from './bench-member.js';
import { addChatMembers, measureChatSend } from './chat-send.js';
import { prepareMysql, prepareSqlite, type PreparedDb } from './databases.js';
import { JsBytes } from './js-bytes.js';
import { TOTAL_MESSAGES } from './seed-chat.js';
import { LOGIN_BURST, measureLoginBurst, measureOpenStreams } from './memory-scenarios.js';
import { ROOT, cpuTimeMs, installCleanup, killChildren, peakRssMb, resetPeakRss, startApp, startBare, startMemberFloor, startReference, type Target } from './processes.js';

const WARMUP_S = 2;
const SESSION_SECRET = 'bench-session-secret-0123456789abcdef0123456789';
/** Growth is about the cost of one search, not queueing: one connection, so latency = service time. */
const GROWTH_CONNECTIONS = 1;
const FILTERED = '/members?gender=female&min_age=25&max_age=45&country=GB';
/** "Near me" from the bench member's city (Manchester): nearest places first (near-search.ts). */
const NEAR = `${FILTERED}&order=near`;
const HEADERS = { host: 'localhost', cookie: 'amora_entry=1' };
/** What Chromium asks for: the compressed scenarios measure a page as members' browsers fetch it. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** DESIGN.md §8. */
const BUDGET = {
  p99Ms: 50,
  cpuRatio: 2,
  staticCpuRatio: 1.2,
  jsKb: 100,
  chatPerSecond: 1000,
  chatCpuMs: 0.8,
  loginPeakMb: 400,
  loginP99Ms: 1000,
  streamsRssMb: 300,
  growth: 2,
};

type Who = 'visitor' | 'member';
interface PageScenario {
  id: string;
  name: string;
  who: Who;
  /** Static pages (and landers) ship no JavaScript and cost at most 1.2× the reference. */
  static?: boolean;
  path: (db: PreparedDb) => string;
  /**
   * /members/{id}, a random profile per request: `sample`, one of the 1,000 profiles that visitors
   * open most (a visitor's answer then mostly comes from a kept page); `any`, any visible profile
   * (a visitor's page is then almost always rendered for the request).
   */
  randomProfile?: 'sample' | 'any';
  /** A page that may not exist yet: a 404 skips it with a note. */
  optional?: boolean;
  /** Asked with a browser's Accept-Encoding: the CPU of compressing the answer counts too. */
  compressed?: boolean;
}

const PAGES: PageScenario[] = [
  { id: 'home', name: 'GET /', who: 'visitor', path: () => '/' },
  { id: 'members', name: 'GET /members', who: 'visitor', path: () => '/members' },
  { id: 'members-member', name: 'GET /members', who: 'member', path: () => '/members' },
  { id: 'members-filters', name: 'GET /members?filters', who: 'visitor', path: () => FILTERED },
  { id: 'members-filters-member', name: 'GET /members?filters', who: 'member', path: () => FILTERED },
  { id: 'profile', name: 'GET /members/{id}', who: 'visitor', path: () => '/members/1', randomProfile: 'sample' },
  { id: 'profile-any', name: 'GET /members/{id}, any profile', who: 'visitor', path: () => '/members/1', randomProfile: 'any' },
  { id: 'profile-member', name: 'GET /members/{id}', who: 'member', path: () => '/members/1', randomProfile: 'sample' },
  { id: 'terms', name: 'GET /pages/terms', who: 'visitor', static: true, path: () => '/pages/terms' },
  { id: 'lander', name: 'GET /landers/adultonly', who: 'visitor', static: true, path: () => '/landers/adultonly' },
  { id: 'chats', name: 'GET /chats', who: 'member', path: () => '/chats' },
  { id: 'conversation', name: 'GET /chats/{id} (100k messages)', who: 'member', path: (db) => `/chats/${db.seed.longConversationId}` },
  { id: 'likes', name: 'GET /likes', who: 'member', path: () => '/likes' },
  { id: 'credits', name: 'GET /credits', who: 'member', path: () => '/credits' },
  // The scenarios above ask for no compression, as the reference is measured; browsers always ask.
  { id: 'terms-compressed', name: 'GET /pages/terms, compressed', who: 'visitor', static: true, path: () => '/pages/terms', compressed: true },
  { id: 'members-compressed', name: 'GET /members, compressed', who: 'visitor', path: () => '/members', compressed: true },
  { id: 'profile-compressed', name: 'GET /members/{id}, compressed', who: 'visitor', path: () => '/members/1', randomProfile: 'sample', compressed: true },
  { id: 'members-member-compressed', name: 'GET /members, compressed', who: 'member', path: () => '/members', compressed: true },
  { id: 'conversation-compressed', name: 'GET /chats/{id}, compressed', who: 'member', path: (db) => `/chats/${db.seed.longConversationId}`, compressed: true },
];
const OTHER = ['chat', 'login', 'streams'] as const;
/** `--only` takes scenario ids, or `pages` for every page scenario. */
const SCENARIO_IDS = [...PAGES.map((p) => p.id), ...OTHER];

interface Options {
  profiles: number;
  growth: boolean;
  duration: number;
  connections: number;
  mysql: string | undefined;
  redis: string | undefined;
  keep: boolean;
  fresh: boolean;
  only: Set<string>;
  /** Where the app servers write their CPU profiles (node --cpu-prof), if anywhere. */
  cpuProf: string | undefined;
  noSqlite: boolean;
  streams: number;
  messages: number;
}

interface Row {
  scenario: string;
  reqPerSec: number | undefined;
  p50: number | undefined;
  p99: number | undefined;
  cpuMs: number | undefined;
  /** CPU ms per request ÷ the reference's. */
  cpuRatio: number | undefined;
  jsKb: number | undefined;
  rssMb: number | undefined;
  errors: number | undefined;
  budget: string;
  /** undefined: no budget applies (reference rows, skipped scenarios). */
  pass: boolean | undefined;
  /**
   * The row's CPU is compared with the reference's, known once the run ends (ratioRows()): with a
   * ratio budget, pass then also needs cpuRatio ≤ maxRatio.
   */
  ratio?: { maxRatio?: number };
}

const EMPTY: Omit<Row, 'scenario' | 'budget' | 'pass'> = { reqPerSec: undefined, p50: undefined, p99: undefined, cpuMs: undefined, cpuRatio: undefined, jsKb: undefined, rssMb: undefined, errors: undefined };

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      profiles: { type: 'string', default: '100000' },
      growth: { type: 'boolean', default: false },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      mysql: { type: 'string', default: process.env.BENCH_MYSQL_URL },
      redis: { type: 'string', default: process.env.BENCH_REDIS_URL },
      keep: { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
      only: { type: 'string', default: '' },
      'cpu-prof': { type: 'string' },
      'no-sqlite': { type: 'boolean', default: false },
      streams: { type: 'string', default: '10000' },
      messages: { type: 'string', default: String(TOTAL_MESSAGES) },
    },
  });
  const int = (name: string, raw: string, min: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}, got "${raw}"`);
    return n;
  };
  if (values['no-sqlite'] && !values.mysql) throw new Error('--no-sqlite needs --mysql URL (or BENCH_MYSQL_URL)');
  return {
    profiles: int('profiles', values.profiles, 1),
    growth: values.growth,
    duration: int('duration', values.duration, 1),
    connections: int('connections', values.connections, 1),
    mysql: values.mysql || undefined,
    redis: values.redis || undefined,
    keep: values.keep,
    fresh: values.fresh,
    only: scenariosOf(values.only),
    cpuProf: values['cpu-prof'] ? resolve(values['cpu-prof']) : undefined,
    noSqlite: values['no-sqlite'],
    streams: int('streams', values.streams, 1),
    messages: int('messages', values.messages, 1000),
  };
}

/** `--only members,chat` or `--only pages`: the scenarios to run (all by default). */
function scenariosOf(raw: string): Set<string> {
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (!names.length) return new Set(SCENARIO_IDS);
  const unknown = names.filter((n) => n !== 'pages' && !SCENARIO_IDS.includes(n));
  if (unknown.length) throw new Error(`--only takes pages, ${SCENARIO_IDS.join(', ')} (comma-separated), got "${raw}"`);
  return new Set(names.flatMap((n) => (n === 'pages' ? PAGES.map((p) => p.id) : [n])));
}

const log = (msg: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const count = (n: number) => (n >= 1_000_000 && n % 1_000_000 === 0 ? `${n / 1_000_000}M` : n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));

/**
 * Requests cut off by the end of a run (or abandoned by a client that timed out) are still being
 * answered: wait until the server is idle, so that neither the next run's latencies nor its CPU
 * time pay for them. Idle: under a tenth of a core over half a second (for at most 3 minutes).
 */
async function settle(target: Target): Promise<void> {
  const deadline = Date.now() + 180_000;
  let before = cpuTimeMs(target.pid);
  while (before !== undefined && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuTimeMs(target.pid);
    if (now === undefined || now - before < 50) break;
    before = now;
  }
  // An overload may have opened the app's database circuit: the next run starts once it is ready again.
  while (target.logFile && Date.now() < deadline) {
    const status = await fetch(`${target.url}/readyz`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface Measured {
  completed: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  cpuMs: number | undefined;
  peakRssMb: number | undefined;
}

/**
 * Warms the path up for 2 s, then measures it. CPU per request: the server process's CPU time
 * (user + system, /proc/<pid>/stat) from before the measured run until the requests it cut off are
 * answered, over the responses received.
 */
async function measure(target: Target, path: string, opts: Options, ids?: number[], cookie?: string, connections = opts.connections, acceptEncoding?: string): Promise<Measured> {
  const requests = ids?.length
    ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: `/members/${ids[Math.floor(Math.random() * ids.length)]}` }) }]
    : undefined;
  const headers = { ...HEADERS, ...(cookie ? { cookie } : {}), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
  const base = { url: `${target.url}${path}`, connections, headers, requests, timeout: 10 };
  await autocannon({ ...base, duration: WARMUP_S });
  await settle(target);
  resetPeakRss(target.pid);
  const cpuBefore = cpuTimeMs(target.pid);
  const r = await autocannon({ ...base, duration: opts.duration });
  await settle(target);
  const cpuAfter = cpuTimeMs(target.pid);
  const completed = r.requests.total;
  return {
    completed,
    reqPerSec: r.requests.average,
    p50: completed ? r.latency.p50 : NaN,
    p99: completed ? r.latency.p99 : NaN,
    errors: r.non2xx + r.errors + r.timeouts,
    cpuMs: cpuBefore !== undefined && cpuAfter !== undefined && completed ? (cpuAfter - cpuBefore) / completed : undefined,
    peakRssMb: peakRssMb(target.pid),
  };
}

const ratioTo = (cpuMs: number | undefined, ref: number | undefined) => (cpuMs !== undefined && ref ? cpuMs / ref : undefined);

interface Run {
  label: string;
  db: PreparedDb;
  dataDir: string;
  logDir: string;
  redisUrl: string | undefined;
}

async function pageRows(run: Run, app: Target, opts: Options, js: JsBytes | undefined): Promise<Row[]> {
  const rows: Row[] = [];
  const scenarios = PAGES.filter((p) => opts.only.has(p.id));
  if (!scenarios.length) return rows;
  // Each as a browser would send them after its first page (the CSRF cookie kept).
  const [member, visitor] = [await benchMemberCookie(app), await benchVisitorCookie(app)];
  for (const page of scenarios) {
    const name = `${run.label}: ${page.who} ${page.name}`;
    await settle(app);
    const path = page.path(run.db);
    const cookie = page.who === 'member' ? member : visitor;
    const acceptEncoding = page.compressed ? BROWSER_ACCEPT_ENCODING : undefined;
    const probe = await fetch(`${app.url}${path}`, { headers: { ...HEADERS, cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) }, redirect: 'manual' });
    const html = await probe.text();
    if (page.compressed && probe.status === 200 && !probe.headers.get('content-encoding')) throw new Error(`${name}: answered without compression`);
    if (probe.status !== 200) {
      log(`${name}: answered ${probe.status}${page.optional ? ', skipped' : ''}`);
      rows.push({ ...EMPTY, scenario: name, budget: `skipped: ${probe.status}${page.optional ? ' (not built yet)' : ''}`, pass: page.optional ? undefined : false });
      continue;
    }
    log(name);
    const jsKb = js ? js.of(html).bytes / 1024 : undefined;
    const m = await measure(app, path, opts, page.randomProfile === 'any' ? run.db.allProfileIds : page.randomProfile ? run.db.profileIds : undefined, cookie, opts.connections, acceptEncoding);
    const maxRatio = page.static ? BUDGET.staticCpuRatio : BUDGET.cpuRatio;
    const maxJs = page.static ? 0 : BUDGET.jsKb;
    rows.push({
      scenario: name, reqPerSec: m.reqPerSec, p50: m.p50, p99: m.p99, cpuMs: m.cpuMs, cpuRatio: undefined, jsKb, rssMb: m.peakRssMb, errors: m.errors,
      budget: `CPU ≤ ${maxRatio}× ref, p99 < ${BUDGET.p99Ms} ms, JS ≤ ${maxJs} KB`,
      pass: m.completed > 0 && m.errors === 0 && m.p99 < BUDGET.p99Ms && (jsKb === undefined || jsKb <= maxJs),
      ratio: { maxRatio },
    });
  }
  return rows;
}

async function chatRow(run: Run, app: Target, members: Awaited<ReturnType<typeof addChatMembers>>, opts: Options): Promise<Row> {
  log(`${run.label}: chat send`);
  const m = await measureChatSend(app, members, opts);
  if (m.peakRssBeforeMb !== undefined) log(`${run.label}: peak RSS before the chat run (its members logging in) ${m.peakRssBeforeMb.toFixed(0)} MB`);
  const exactlyOnce = m.duplicates === 0 && m.deliveredDistinct === m.stored;
  return {
    scenario: `${run.label}: chat send (debit + live), msg/s`,
    reqPerSec: m.perSecond, p50: m.p50, p99: m.p99, cpuMs: m.cpuMsPerMessage, cpuRatio: undefined, jsKb: undefined,
    rssMb: peakRssMb(app.pid), errors: m.failed,
    budget: `≥ ${BUDGET.chatPerSecond} msg/s, CPU ≤ ${BUDGET.chatCpuMs} ms/msg, each delivered once (${m.deliveredDistinct} of ${m.stored} stored delivered, ${m.duplicates} more than once)`,
    pass: m.perSecond >= BUDGET.chatPerSecond && m.failed === 0 && exactlyOnce && m.cpuMsPerMessage !== undefined && m.cpuMsPerMessage <= BUDGET.chatCpuMs,
    // Its budget is in ms; the ratio is shown for comparison.
    ratio: {},
  };
}

async function loginRow(run: Run, app: Target): Promise<Row> {
  log(`${run.label}: login burst`);
  const m = await measureLoginBurst(app);
  return {
    scenario: `${run.label}: ${LOGIN_BURST} concurrent logins`,
    reqPerSec: m.done / m.seconds, p50: m.p50, p99: m.p99, cpuMs: m.cpuMsPerOp, cpuRatio: undefined, jsKb: undefined, rssMb: m.peakRssMb, errors: m.attempted - m.done,
    budget: `peak RSS < ${BUDGET.loginPeakMb} MB, p99 < ${BUDGET.loginP99Ms} ms`,
    pass: m.done === m.attempted && m.peakRssMb !== undefined && m.peakRssMb < BUDGET.loginPeakMb && m.p99 < BUDGET.loginP99Ms,
  };
}

async function streamsRow(run: Run, app: Target, opts: Options): Promise<Row> {
  const n = Math.min(opts.streams, run.db.seed.streamMembers);
  log(`${run.label}: ${n} open event streams`);
  const m = await measureOpenStreams(app, { databaseUrl: run.db.url, redisUrl: run.redisUrl, secret: SESSION_SECRET, firstUserId: run.db.seed.firstStreamUserId, count: n, log: (msg) => log(`${run.label}: ${msg}`) });
  return {
    scenario: `${run.label}: ${count(n)} open event streams (RSS with them open)`,
    reqPerSec: m.done / m.seconds, p50: m.p50, p99: m.p99, cpuMs: m.cpuMsPerOp, cpuRatio: undefined, jsKb: undefined, rssMb: m.rssMb, errors: m.attempted - m.done,
    // The parts say how much is the process's own and how much the pages of the database file it
    // maps (db.ts, mmap_size), which the budget counts too.
    budget: `RSS < ${BUDGET.streamsRssMb} MB (peak ${m.peakRssMb?.toFixed(0) ?? '?'} MB while opening${m.rssParts ? `; with them open ${m.rssParts.own.toFixed(0)} MB own, ${m.rssParts.fileMapped.toFixed(0)} MB mapped files` : ''})`,
    pass: m.done === m.attempted && m.rssMb !== undefined && m.rssMb < BUDGET.streamsRssMb,
  };
}

/** Starts the app on a prepared database and runs the scenarios: pages, chat send, login burst, then the streams. */
async function appScenarios(run: Run, opts: Options, js: JsBytes | undefined): Promise<Row[]> {
  const chatMembers = opts.only.has('chat') ? await addChatMembers(run.db.url) : undefined;
  const start = () =>
    startApp({
      name: run.label, databaseUrl: run.db.url, redisUrl: run.redisUrl, dataDir: run.dataDir, logFile: join(run.logDir, `${run.label.replace(/\W+/g, '-')}.log`),
      cpuProfileDir: opts.cpuProf && join(opts.cpuProf, run.label.replace(/\W+/g, '-')),
    });
  let app = await start();
  const rows: Row[] = [];
  /** A scenario that fails outright (a login refused, say) is a FAIL row; the others still run. */
  const attempt = async (scenario: string, measureRows: () => Promise<Row[]>) => {
    try {
      rows.push(...(await measureRows()));
    } catch (err) {
      log(`${run.label}: ${scenario} failed: ${(err as Error).message}`);
      rows.push({ ...EMPTY, scenario: `${run.label}: ${scenario}`, budget: `failed: ${(err as Error).message.slice(0, 80)}`, pass: false });
    }
  };
  try {
    await attempt('pages', () => pageRows(run, app, opts, js));
    if (chatMembers) {
      await settle(app);
      await attempt('chat send', async () => [await chatRow(run, app, chatMembers, opts)]);
    }
    // The memory scenarios each get a fresh process, so that what the others left does not count.
    for (const [id, measureRow] of [['login', () => loginRow(run, app)], ['streams', () => streamsRow(run, app, opts)]] as const) {
      if (!opts.only.has(id)) continue;
      await app.stop();
      app = await start();
      await attempt(id, async () => [await measureRow()]);
    }
    return rows;
  } finally {
    await app.stop();
  }
}

async function growthScenario(opts: Options): Promise<Row[]> {
  const measured: Measured[] = [];
  const near: Measured[] = [];
  for (const n of [10_000, 1_000_000]) {
    const dir = join(ROOT, 'bench/data', `sqlite-${count(n)}`);
    log(`growth: SQLite with ${count(n)} profiles`);
    const db = await prepareSqlite(join(dir, 'amora.sqlite'), n, join(dir, 'media'), { messages: opts.messages, fresh: opts.fresh, log: (msg) => log(`growth ${count(n)}: ${msg}`) });
    const app = await startApp({ name: `growth ${count(n)}`, databaseUrl: db.url, dataDir: dir, logFile: join(dir, 'server.log') });
    try {
      // Logged in: the member's blocks are part of what a filtered page costs.
      const cookie = await benchMemberCookie(app);
      measured.push(await measure(app, FILTERED, opts, undefined, cookie, GROWTH_CONNECTIONS));
      near.push(await measure(app, NEAR, opts, undefined, cookie, GROWTH_CONNECTIONS));
    } finally {
      await app.stop();
    }
  }
  const row = (label: string, m: Measured, budget: string, pass: boolean | undefined): Row => ({
    scenario: label, reqPerSec: m.reqPerSec, p50: m.p50, p99: m.p99, cpuMs: m.cpuMs, cpuRatio: undefined, jsKb: undefined, rssMb: m.peakRssMb, errors: m.errors, budget, pass,
  });
  const rows = (what: string, [small, large]: Measured[]): Row[] => {
    const ratio = large!.completed ? large!.p99 / small!.p99 : (opts.duration * 1000) / small!.p99;
    return [
      row(`growth sqlite 10k, ${GROWTH_CONNECTIONS} conn: member GET ${what}`, small!, 'reference for growth', undefined),
      row(`growth sqlite 1M, ${GROWTH_CONNECTIONS} conn: member GET ${what}`, large!, `p99 ≤ ${BUDGET.growth}× 10k (${large!.completed ? '' : '>'}${ratio.toFixed(2)}×)`, ratio <= BUDGET.growth && large!.errors === 0 && large!.completed > 0),
    ];
  };
  return [...rows('/members?filters', measured), ...rows('/members?filters&order=near', near)];
}

/**
 * The ratios, once the run's reference is known: the mean of its runs (the reference row shows that
 * mean and each run), and the CPU budgets judged against it.
 */
function ratioRows(rows: Row[], referenceRow: Row, refRuns: number[]): void {
  const refCpuMs = refRuns.length ? refRuns.reduce((a, b) => a + b, 0) / refRuns.length : undefined;
  if (refRuns.length > 1) {
    referenceRow.cpuMs = refCpuMs;
    referenceRow.budget = `reference: mean of ${refRuns.length} runs (${refRuns.map((v) => v.toFixed(2)).join(', ')} ms)`;
  }
  referenceRow.cpuRatio = ratioTo(referenceRow.cpuMs, refCpuMs);
  for (const row of rows) {
    if (!row.ratio) continue;
    row.cpuRatio = ratioTo(row.cpuMs, refCpuMs);
    const max = row.ratio.maxRatio;
    if (max !== undefined && row.pass) row.pass = row.cpuRatio !== undefined && row.cpuRatio <= max;
  }
}

const fixed = (v: number | undefined, digits: number) => (v === undefined || Number.isNaN(v) ? '–' : v.toFixed(digits));

function printTable(rows: Row[]): void {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'CPU × ref', 'JS KB gz', 'RSS MB', 'errors', 'budget', 'result'];
  const cells = rows.map((r) => [
    r.scenario, fixed(r.reqPerSec, 0), fixed(r.p50, 1), fixed(r.p99, 1), fixed(r.cpuMs, 2), r.cpuRatio === undefined ? '–' : `${r.cpuRatio.toFixed(2)}×`,
    fixed(r.jsKb, 1), fixed(r.rssMb, 0), r.errors === undefined ? '–' : String(r.errors), r.budget, r.pass === undefined ? '–' : r.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const numeric = new Set([1, 2, 3, 4, 5, 6, 7, 8]);
  const line = (c: string[]) => `| ${c.map((v, i) => (numeric.has(i) ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join(' | ')} |`;
  console.log(`\n${line(header)}\n| ${widths.map((w, i) => (numeric.has(i) ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`);
  for (const c of cells) console.log(line(c));
}

/** The app's Redis keys (prefix amora:) in the bench's Redis database: last run's sessions and counters. */
async function clearRedis(url: string): Promise<void> {
  const client = createClient({ url });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: 'amora:*', COUNT: 1000 })) if (keys.length) await client.del(keys);
  } finally {
    await client.quit();
  }
}

/**
 * The member floor (bench/member-floor-server.ts): what the stack alone costs a member page (a
 * session read by express-session, the member's row, 24 card rows), beside the reference.
 */
async function memberFloorRow(opts: Options, refRow: (scenario: string, m: Measured) => Row): Promise<Row> {
  const floor = await startMemberFloor();
  try {
    log('member floor: the reference page behind express-session on SQLite and two reads');
    const login = await fetch(`${floor.url}/login`, { method: 'POST' });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    if (login.status !== 204 || !cookie) throw new Error(`bench: member floor login failed with ${login.status}`);
    const m = await measure(floor, '/', opts, undefined, cookie);
    return { ...refRow('member floor: reference + express-session (SQLite) + member row + 24 card rows', m), budget: 'the stack alone, for member pages', ratio: {} };
  } finally {
    await floor.stop();
  }
}

async function main(): Promise<void> {
  const opts = parseOptions();
  installCleanup();
  if (!existsSync(join(ROOT, 'dist/server/index.js'))) {
    throw new Error('dist/server/index.js is missing: run `npm run build` first (`npm run bench` does)');
  }
  await mkdir(join(ROOT, 'bench/data'), { recursive: true });
  const logDir = await mkdtemp(join(ROOT, 'bench/data/run-'));
  log(`logs in ${relative(ROOT, logDir)}; ${opts.connections} connections, ${opts.duration} s per scenario after ${WARMUP_S} s warm-up`);
  const js = existsSync(join(ROOT, 'public/build/.vite/manifest.json')) ? new JsBytes(join(ROOT, 'public/build')) : undefined;
  if (!js) log('no Vite manifest in public/build: JS bytes not counted');
  const rows: Row[] = [];

  // The reference is measured at the start and again after each database's scenarios, and every
  // ratio is to the mean: one run of it varies by ±20% on a shared machine (see ratioRows()).
  const reference = await startReference();
  const refRuns: number[] = [];
  const measureReference = async () => {
    log('reference: Express + React renderToString, 24 cards, no database');
    const m = await measure(reference, '/', opts);
    if (m.cpuMs !== undefined) refRuns.push(m.cpuMs);
    return m;
  };
  const refRow = (scenario: string, m: Measured): Row => ({
    scenario, reqPerSec: m.reqPerSec, p50: m.p50, p99: m.p99, cpuMs: m.cpuMs, cpuRatio: undefined, jsKb: 0, rssMb: m.peakRssMb, errors: m.errors, budget: 'reference', pass: undefined,
  });
  const referenceRow = refRow('reference: Express 5 + React 19 renderToString, 24 cards, no DB', await measureReference());
  rows.push(referenceRow);
  const bare = await startBare();
  log('bare node:http server');
  rows.push({ ...refRow('bare node:http (fixed 20 KB page)', await measure(bare, '/', opts)), ratio: {} });
  await bare.stop();
  rows.push(await memberFloorRow(opts, refRow));

  if (!opts.noSqlite) {
    const dir = join(ROOT, 'bench/data', `sqlite-${count(opts.profiles)}`);
    const label = `sqlite ${count(opts.profiles)}`;
    const db = await prepareSqlite(join(dir, 'amora.sqlite'), opts.profiles, join(dir, 'media'), { messages: opts.messages, fresh: opts.fresh, log: (msg) => log(`${label}: ${msg}`) });
    if (db.seededInS) log(`${label}: seeded in ${db.seededInS.toFixed(0)} s`);
    rows.push(...(await appScenarios({ label, db, dataDir: dir, logDir, redisUrl: undefined }, opts, js)));
    await measureReference();
  }

  if (opts.mysql) {
    const dir = join(ROOT, 'bench/data', `mysql-${count(opts.profiles)}`);
    const label = `mysql${opts.redis ? '+redis' : ''} ${count(opts.profiles)}`;
    log(`${label}: ${opts.mysql.replace(/\/\/[^@]*@/, '//…@')}${opts.redis ? `, ${opts.redis}` : ''}`);
    if (opts.redis) await clearRedis(opts.redis);
    const db = await prepareMysql(opts.mysql, opts.profiles, join(dir, 'media'), { messages: opts.messages, fresh: opts.fresh, log: (msg) => log(`${label}: ${msg}`) });
    if (db.seededInS) log(`${label}: seeded in ${db.seededInS.toFixed(0)} s`);
    rows.push(...(await appScenarios({ label, db, dataDir: dir, logDir, redisUrl: opts.redis }, opts, js)));
    await measureReference();
  }

  await reference.stop();
  ratioRows(rows, referenceRow, refRuns);
  if (opts.growth) rows.push(...(await growthScenario(opts)));

  printTable(rows);
  const judged = rows.filter((r) => r.pass !== undefined);
  const failed = judged.filter((r) => !r.pass);
  console.log(
    failed.length
      ? `\nSUMMARY: ${failed.length} of ${judged.length} budgets FAILED: ${failed.map((r) => r.scenario).join('; ')}`
      : `\nSUMMARY: all ${judged.length} budgets passed`,
  );
  if (opts.keep) console.log(`Logs kept in ${relative(ROOT, logDir)}`);
  else await rm(logDir, { recursive: true, force: true });
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
