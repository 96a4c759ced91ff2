// The only reader of the environment: defaults ← .env file ← process.env, validated once, frozen.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';
import { z } from 'zod';

/** Repository root, both when run from source (tsx) and from dist/. */
export const ROOT_DIR = (() => {
  const start = dirname(fileURLToPath(import.meta.url));
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    // At the file system's root dirname() returns its argument: fail instead of looping for ever.
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}: run Amora from its project folder`);
    dir = dirname(dir);
  }
  return dir;
})();

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|mysql:\/\/|mariadb:\/\/)/, 'must start with sqlite: or mysql://')
    .optional(), // default: sqlite:<DATA_DIR>/amora.sqlite
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('Amora <no-reply@localhost>'),
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z.string().default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEFAULT_SITE: z.string().default('localhost'),
  SEED_DEMO: bool.optional(),
  DEMO_PASSWORD: z.string().min(8).default('amora-demo-2026'),
  DEMO_PROFILES: z.coerce.number().int().min(0).max(100000).default(300),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  // No default: see paymentProviderOf() for what an unset provider means.
  PAYMENT_PROVIDER: z.enum(['test', 'mollie']).optional(),
  MOLLIE_API_KEY: z.string().regex(/^(test|live)_\w+$/, 'must be a Mollie API key (test_… or live_…)').optional(),
  MOLLIE_API_URL: z.string().regex(/^https:\/\/[^\s/]+\S*$/, 'must be an https:// URL (the Mollie client speaks HTTPS only)').optional(),
  SMS_GATEWAY_URL: z.string().regex(/^https?:\/\/[^\s/]+\S*$/, 'must be an http:// or https:// URL').optional(),
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  SECURE_COOKIES: z.enum(['auto', 'true', 'false']).default('auto'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10000),
  SEARCH_KEPT_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  dev: boolean;
  port: number;
  host: string;
  databaseUrl: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
  mediaDir: string;
  mailDir: string;
  sessionSecret: string | undefined;
  trustProxy: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  defaultSite: string;
  seedDemo: boolean;
  demoPassword: string;
  demoProfiles: number;
  vapid: { publicKey: string; privateKey: string } | undefined;
  paymentProvider: 'test' | 'mollie';
  /**
   * The test provider chosen by default (the embedded demo, PAYMENT_PROVIDER unset): it serves only
   * loopback and `*.localhost` hosts, so a demo reached from outside cannot hand out credits.
   */
  testPaymentsLocalOnly: boolean;
  mollieApiKey: string | undefined;
  /** Another base URL for Mollie's API than Mollie's own (tests: a local stand-in). */
  mollieApiUrl: string | undefined;
  /** Where SMS go (POST {to, body}); undefined: the sms_outbox table and the log only. */
  smsGateway: { url: string; token: string | undefined } | undefined;
  /** 'auto': Secure exactly when the request came over HTTPS (directly or through a trusted proxy). */
  secureCookies: boolean | 'auto';
  shutdownTimeoutMs: number;
  /** How long a search's first page is kept for everyone with the same filters (services/search/kept-matches.ts); 0: never. */
  searchKeptMs: number;
  /** Bearer token that lets a scraper from elsewhere read /metrics (loopback needs none). */
  metricsToken: string | undefined;
}>;

export class ConfigError extends Error {}

/** Loads and validates configuration. `overrides` win over everything (tests use them). */
export function loadConfig(overrides: Record<string, string | undefined> = {}, opts: { envFile?: string | false } = {}): Config {
  const fileVars = opts.envFile === false ? {} : readEnvFile(opts.envFile ?? join(ROOT_DIR, '.env'));
  const merged: Record<string, string | undefined> = { ...fileVars };
  for (const key of Object.keys(schema.shape)) {
    if (process.env[key] !== undefined && process.env[key] !== '') merged[key] = process.env[key];
  }
  for (const [key, value] of Object.entries(overrides)) merged[key] = value;
  const parsed = schema.safeParse(merged);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.MOLLIE_API_KEY === undefined && e.PAYMENT_PROVIDER === 'mollie') {
    throw new ConfigError('Invalid configuration:\n  MOLLIE_API_KEY: required when PAYMENT_PROVIDER=mollie');
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  }
  if (e.NODE_ENV === 'production' && e.SESSION_SECRET === undefined && e.DATABASE_URL && !e.DATABASE_URL.startsWith('sqlite:')) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required in production with MySQL');
  }
  const embedded = e.DATABASE_URL === undefined || e.DATABASE_URL.startsWith('sqlite:');
  if (e.PAYMENT_PROVIDER === undefined && !embedded) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER: required with MySQL/MariaDB. Set PAYMENT_PROVIDER=mollie (with MOLLIE_API_KEY), ' +
        'or PAYMENT_PROVIDER=test only for a test installation: its checkout gives credits away without payment',
    );
  }
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(ROOT_DIR, e.DATA_DIR);
  const rawUrl = e.DATABASE_URL ?? `sqlite:${join(dataDir, 'amora.sqlite')}`;
  const databaseUrl = rawUrl.startsWith('sqlite:') ? normalizeSqliteUrl(rawUrl) : rawUrl;
  return Object.freeze({
    env: e.NODE_ENV,
    dev: e.NODE_ENV === 'development',
    port: e.PORT,
    host: e.HOST,
    databaseUrl,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    dataDir,
    mediaDir: join(dataDir, 'media'),
    mailDir: join(dataDir, 'mail'),
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    defaultSite: e.DEFAULT_SITE.toLowerCase(),
    // Demo data is seeded by default only into the embedded database.
    seedDemo: e.SEED_DEMO ?? databaseUrl.startsWith('sqlite:'),
    demoPassword: e.DEMO_PASSWORD,
    demoProfiles: e.DEMO_PROFILES,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    paymentProvider: e.PAYMENT_PROVIDER ?? 'test',
    testPaymentsLocalOnly: e.PAYMENT_PROVIDER === undefined,
    mollieApiKey: e.MOLLIE_API_KEY,
    mollieApiUrl: e.MOLLIE_API_URL,
    smsGateway: e.SMS_GATEWAY_URL ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN } : undefined,
    secureCookies: e.SECURE_COOKIES === 'auto' ? 'auto' : e.SECURE_COOKIES === 'true',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    searchKeptMs: e.SEARCH_KEPT_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
  });
}

function readEnvFile(path: string): Record<string, string> {
  return existsSync(path) ? dotenv.parse(readFileSync(path)) : {};
}

/** `sqlite:relative/path` is relative to the repository root; `sqlite::memory:` stays in memory. */
function normalizeSqliteUrl(url: string): string {
  const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
  if (file === ':memory:') return 'sqlite::memory:';
  return `sqlite:${isAbsolute(file) ? file : resolve(ROOT_DIR, file)}`;
}
