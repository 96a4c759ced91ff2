// A second (third …) app process for tests of what crosses processes: boots the app like
// server/index.ts on the database and Redis given in DATABASE_URL and REDIS_URL, listens on a free
// port, tells the parent (IPC) its port, and shuts down gracefully on SIGTERM like the server.
// Run with fork(…, { execArgv: ['--import', 'tsx'] }); see startAppProcess() in app-processes.ts.
import { createServer } from 'node:http';
import { createApp } from '../../server/app.js';
import { bootstrap } from '../../server/boot.js';
import { loadConfig } from '../../server/config.js';
import { createLogger } from '../../server/logger.js';
import { testAssets } from './test-assets.js';

export type ChildMessage = { type: 'listening'; port: number };

const send = (message: ChildMessage) => process.send?.(message);

async function main(): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }, { envFile: false });
  const logger = createLogger({ logLevel: (process.env.LOG_LEVEL as 'silent' | undefined) ?? 'silent' });
  const runtime = await bootstrap(config, logger, { migrate: false });
  const server = createServer(createApp({ ...runtime, assets: testAssets() }));
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  process.on('SIGTERM', () => {
    server.close(async () => {
      await runtime.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    void runtime.services.events.close();
  });
  // The parent going away (a failed run) ends this process too.
  process.on('disconnect', () => process.exit(1));
  send({ type: 'listening', port: address.port });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
