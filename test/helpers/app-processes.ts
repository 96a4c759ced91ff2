// Starts test/helpers/app-process.ts as real separate Node processes on a test backend.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildMessage } from './app-process.js';
import type { Backend } from './backends.js';

const SCRIPT = fileURLToPath(new URL('./app-process.ts', import.meta.url));

export interface AppProcess {
  baseUrl: string;
  child: ChildProcess;
  /** SIGTERM, as a deploy stops a process; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function startAppProcess(backend: Backend): Promise<AppProcess> {
  const child = fork(SCRIPT, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: backend.databaseUrl,
      REDIS_URL: backend.redisUrl ?? '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'amora-proc-')),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      PAYMENT_PROVIDER: 'test',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('app process did not start within 30 s')), 30_000);
    child.on('message', (m: ChildMessage) => {
      if (m.type !== 'listening') return;
      clearTimeout(timer);
      resolve(m.port);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`app process exited with ${code} before listening`));
    });
  });
  return {
    baseUrl: `http://localhost:${port}`,
    child,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
