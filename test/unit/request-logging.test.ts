// The access log: request ids, which answers are logged at which level, the request logger on demand.
import { Writable } from 'node:stream';
import { expect } from 'chai';
import express from 'express';
import { pino } from 'pino';
import supertest from 'supertest';
import { requestLogging } from '../../server/middleware/request-logging.js';

function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level, redact: { paths: ['req.headers.cookie'], remove: true } }, stream);
  const app = express();
  app.use(requestLogging(logger, { ignore: (req) => req.url === '/healthz' }));
  app.get('/ok', (_req, res) => res.send('ok'));
  app.get('/healthz', (_req, res) => res.send('ok'));
  app.get('/missing', (_req, res) => res.status(404).send('no'));
  app.get('/boom', (req, res) => {
    req.log.warn('about to fail');
    res.status(500).send('failed');
  });
  return { app, lines };
}

describe('request logging', () => {
  it('answers with the request id it was given, or a new UUID', async () => {
    const { app } = appLoggingAt('info');
    const given = await supertest(app).get('/ok').set('X-Request-Id', 'abc12345-given').expect(200);
    expect(given.headers['x-request-id']).to.equal('abc12345-given');
    const made = await supertest(app).get('/ok').set('X-Request-Id', 'bad id!').expect(200);
    expect(made.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
  });

  it('logs 4xx at info and 5xx at error with the request, its id and no cookie; 2xx only at debug', async () => {
    const { app, lines } = appLoggingAt('info');
    await supertest(app).get('/ok').expect(200);
    await supertest(app).get('/missing?_csrf=secret').set('Cookie', 'amora.sid=s').expect(404);
    await supertest(app).get('/boom').set('X-Request-Id', 'boom-request-1').expect(500);
    await new Promise((resolve) => setImmediate(resolve));
    const logged = lines.map((l) => [l.level, l.msg]);
    expect(logged).to.deep.equal([[30, 'request completed'], [40, 'about to fail'], [50, 'request errored']]);
    const missing = lines[0] as { req: { url: string; id: string; headers: Record<string, string> }; res: { statusCode: number } };
    expect(missing.req.url).to.equal('/missing?_csrf=[redacted]');
    expect(missing.req.headers).to.not.have.property('cookie');
    expect(missing.res.statusCode).to.equal(404);
    expect((lines[2] as { req: { id: string } }).req.id).to.equal('boom-request-1');
  });

  it('logs 2xx at debug, except the ignored paths', async () => {
    const { app, lines } = appLoggingAt('debug');
    await supertest(app).get('/ok').expect(200);
    await supertest(app).get('/healthz').expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((l) => [l.level, l.msg, (l.req as { url: string }).url])).to.deep.equal([[20, 'request completed', '/ok']]);
  });
});
