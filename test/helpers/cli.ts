// Runs the operator CLI as operators do (a separate process) on a test backend's database, Redis
// and data folder, so what it writes is what the test's app and services see.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT_DIR } from '../../server/config.js';
import type { TestEnv } from './backends.js';

const run = promisify(execFile);

export async function amoraCli(env: TestEnv, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const vars: NodeJS.ProcessEnv = {
    ...process.env, DATABASE_URL: env.backend.databaseUrl, DATA_DIR: env.rt.config.dataDir, LOG_LEVEL: 'silent', REDIS_URL: env.backend.redisUrl, PAYMENT_PROVIDER: 'test',
  };
  if (!env.backend.redisUrl) delete vars.REDIS_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', join(ROOT_DIR, 'cli/index.ts'), ...args], { env: vars, cwd: ROOT_DIR });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
