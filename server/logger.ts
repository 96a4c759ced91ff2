// Structured JSON logs (pino); pretty enough to read in a terminal, parseable by any collector.
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'amora', pid: process.pid },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'req.query._csrf', 'res.headers["set-cookie"]'], remove: true },
  });
}
