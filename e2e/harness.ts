// Browser tests run the production build as a member would meet it: `node dist/server/index.js`
// on a fresh embedded database (a copy of one seeded on a first start), driven by Debian's Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { ROOT_DIR } from '../server/config.js';
import { logIn } from './members.js';

export const SCREENSHOTS = join(ROOT_DIR, 'e2e', 'screenshots');
export const DEMO_PASSWORD = 'e2e-demo-password';

export const VIEWPORTS = {
  phone: { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { width: 1366, height: 900, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Harness {
  baseUrl: string;
  /** The server's DATA_DIR: mail arrives as .eml files in its mail/ folder. */
  dataDir: string;
  browser: Browser;
  /** Stops the server with SIGTERM; resolves with its exit code (0 after a graceful shutdown). */
  close(): Promise<number | null>;
}

interface Started {
  server: ChildProcess;
  baseUrl: string;
}

/** Starts the production server on `dataDir` and waits until it answers. */
async function startServer(dataDir: string): Promise<Started> {
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [join(ROOT_DIR, 'dist/server/index.js')], {
    cwd: ROOT_DIR,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'e2e.sqlite')}`, DEMO_PROFILES: '60', DEMO_PASSWORD, LOG_LEVEL: 'warn', NODE_ENV: 'production', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok && output.includes('running at')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return { server, baseUrl };
}

function stopServer(server: ChildProcess): Promise<number | null> {
  if (server.exitCode !== null) return Promise.resolve(server.exitCode);
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  return exited;
}

let template: Promise<string> | undefined;

/**
 * A data folder the server has migrated and seeded once, shut down cleanly: each suite starts on a
 * copy of it, as fresh as a first start (about a second instead of ten: the seed makes 60 profiles
 * with photos). Made once per run, removed when the run ends.
 */
function seededTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amora-e2e-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const { server } = await startServer(dir);
    const code = await stopServer(server);
    if (code !== 0) throw new Error(`the template server exited with ${code} after SIGTERM`);
    return dir;
  })();
  return template;
}

export async function startHarness(): Promise<Harness> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-e2e-'));
  cpSync(await seededTemplate(), dataDir, { recursive: true });
  const { server, baseUrl } = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  return {
    baseUrl,
    dataDir,
    browser,
    async close() {
      await browser.close();
      return stopServer(server);
    },
  };
}

/**
 * Starts the server and browser before the suite's tests and stops them after; the returned
 * function gives the running harness. The server must exit cleanly (0) on SIGTERM.
 */
export function useHarness(): () => Harness {
  let h: Harness | undefined;
  before(async function () {
    this.timeout(180_000);
    h = await startHarness();
  });
  after(async () => {
    const code = await h?.close();
    if (code !== undefined && code !== 0) throw new Error(`server exited with ${code} after SIGTERM (graceful shutdown expected)`);
  });
  return () => {
    if (!h) throw new Error('harness not started');
    return h;
  };
}

/** A page that records console errors, failed requests and every script it loads. */
/** Waits for a mail whose text contains `needle` (the server writes .eml files when no SMTP is set). */
export async function waitForMail(dataDir: string, needle: string, timeoutMs = 15_000): Promise<string> {
  const { readdirSync, readFileSync, existsSync } = await import('node:fs');
  const dir = join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(dir)) {
      for (const f of readdirSync(dir)) {
        // Quoted-printable: join soft line breaks and decode '='.
        const text = readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (text.includes(needle)) return text;
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail containing ${needle}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
  scripts: string[];
}

/** `options` adds to or overrides the viewport's context options (a width, bypassCSP, a storage state). */
export async function openPage(browser: Browser, viewport: keyof typeof VIEWPORTS, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], isMobile: VIEWPORTS[viewport].isMobile, hasTouch: VIEWPORTS[viewport].hasTouch, deviceScaleFactor: VIEWPORTS[viewport].deviceScaleFactor, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  // A navigation cancels what the old page still loads (ERR_ABORTED); that is not a failure.
  page.on('requestfailed', (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  return { context, page, errors, scripts };
}

/**
 * A page logged in as member `m` through the login form (entry warning dismissed). Its context's
 * storageState() gives further contexts the same session without logging in again.
 */
export async function openMemberPage(h: Harness, viewport: keyof typeof VIEWPORTS, m: { email: string; password: string }, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const opened = await openPage(h.browser, viewport, options);
  await logIn(opened.page, h.baseUrl, m);
  return opened;
}
