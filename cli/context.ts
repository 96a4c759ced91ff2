// What every CLI command runs on: the same config, database and services as the server.
import { userInfo } from 'node:os';
import { bootstrap, type Runtime } from '../server/boot.js';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/logger.js';

/** An operator's command may scan a whole table (the ledger audit): it still gets a deadline, a longer one. */
const CLI_QUERY_TIMEOUT_MS = 60_000;

export async function withRuntime<T>(fn: (rt: Runtime) => Promise<T>, opts: { migrate?: boolean } = {}): Promise<T> {
  const config = loadConfig();
  const logger = createLogger({ logLevel: process.env.LOG_LEVEL ? config.logLevel : 'warn' });
  // Live events (an operator's reply) reach the app through Redis, or else through the database.
  const rt = await bootstrap(config, logger, { migrate: opts.migrate ?? false, eventRelay: 'writer', queryTimeoutMs: CLI_QUERY_TIMEOUT_MS });
  try {
    return await fn(rt);
  } finally {
    await rt.close();
  }
}

/** Parses "key=value" pairs; values are JSON when they parse as JSON, else plain strings. */
export function parseAssignments(pairs: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliError(`expected key=value, got "${pair}"`);
    const key = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    try {
      out[key] = JSON.parse(raw);
    } catch {
      out[key] = raw;
    }
  }
  return out;
}

/** The operator as the audit log names them: "cli:<os user>". */
export function operatorActor(): string {
  let name = process.env.USER ?? process.env.USERNAME ?? 'unknown';
  try {
    name = userInfo().username;
  } catch {
    // No passwd entry (some containers): keep the environment's name.
  }
  return `cli:${name}`;
}

export class CliError extends Error {}
