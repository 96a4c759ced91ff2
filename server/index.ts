// The server process: boot, seed an empty embedded database, listen, and shut down gracefully.
import { createServer } from 'node:http';
import type { RequestHandler } from 'express';
import { createApp } from './app.js';
import { bootstrap } from './boot.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { devAssets, manifestAssets, type AssetResolver } from './render/assets.js';
import { DEMO_EMAIL } from '../seeds/demo-seed.js';
import { hasDemoMember, hasSites, seedAll } from '../seeds/index.js';

async function main(): Promise<void> {
  const dev = process.argv.includes('--dev');
  const config = loadConfig(dev ? { NODE_ENV: process.env.NODE_ENV ?? 'development' } : { NODE_ENV: process.env.NODE_ENV ?? 'production' });
  const logger = createLogger(config);
  const runtime = await bootstrap(config, logger, { migrate: true, sessionCleanup: true });

  if (!(await hasSites(runtime.db)) && config.seedDemo) {
    logger.info('empty database: seeding base and demo data (first start only)');
    const started = Date.now();
    const summary = await seedAll(runtime, { demo: true });
    logger.info({ profiles: summary.demoProfiles, ms: Date.now() - started }, 'demo data seeded');
  }
  const demoLogin = (await hasDemoMember(runtime.db)) ? { email: DEMO_EMAIL, password: config.demoPassword } : undefined;

  // Deliver the mail and push outboxes every few seconds; `amora mail deliver` does the same from cron.
  const mailWorker = setInterval(() => {
    runtime.services.mail.deliverDue().catch((err) => logger.error({ err }, 'mail delivery run failed'));
    runtime.services.pushDelivery.deliverDue().catch((err) => logger.error({ err }, 'push delivery run failed'));
  }, 5000);
  mailWorker.unref();
  // Data exports members asked for are built here, never in their request; old files are swept.
  let exportRuns = 0;
  const exportWorker = setInterval(() => {
    runtime.services.dataExport.processDue().catch((err) => logger.error({ err }, 'data export run failed'));
    if (exportRuns++ % 120 === 0) runtime.services.dataExport.sweep().catch((err) => logger.error({ err }, 'data export sweep failed'));
  }, 5000);
  exportWorker.unref();

  let assets: AssetResolver;
  const devMiddleware: RequestHandler[] = [];
  if (dev) {
    const { devVite } = await import('./dev-vite.js');
    devMiddleware.push(...(await devVite()));
    assets = devAssets();
  } else {
    assets = manifestAssets();
  }

  const app = createApp({ ...runtime, assets, devMiddleware, redis: runtime.redis });
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ url: `http://localhost:${port}`, database: config.databaseUrl.split(':')[0], redis: Boolean(config.redisUrl) }, 'listening');
  console.log(`\n  Amora is running at http://localhost:${port}`);
  if (demoLogin) console.log(`  Demo member: ${demoLogin.email} / ${demoLogin.password}`);
  console.log('');

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    clearInterval(mailWorker);
    clearInterval(exportWorker);
    // The push run under way finishes its row (each send has a deadline); no new row is claimed.
    const pushStopped = runtime.services.pushDelivery.stop();
    const force = setTimeout(() => {
      logger.warn('shutdown timeout: closing remaining connections');
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    force.unref();
    server.close(async () => {
      await pushStopped;
      await runtime.close().catch((err) => logger.error({ err }, 'close failed'));
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
    // Open event streams never finish on their own: end them (browsers reconnect to another process).
    runtime.services.events.close().catch((err) => logger.warn({ err }, 'closing live events failed'));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
