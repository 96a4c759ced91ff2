// The islands' api(): every call ends by its deadline, retries included, as ApiError 'timeout'.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { ApiError, api } from '../../islands/lib/api-client.js';

describe('islands api() deadline', () => {
  let server: Server;
  let base: string;
  let hits = 0;

  before(async () => {
    server = createServer((req, res) => {
      hits++;
      if (req.url === '/hang') return; // never answers
      if (req.url === '/busy') return void res.writeHead(503, { 'content-type': 'application/json' }).end('{}');
      if (req.url === '/slow-body') return void res.writeHead(200, { 'content-type': 'application/json' }).write('{"a":'); // never ends
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  // Takes the call as a function: the clock starts before the request does, or a busy machine
  // that pauses between the two makes the deadline look early.
  async function timing(start: () => Promise<unknown>): Promise<{ err: unknown; ms: number }> {
    const started = Date.now();
    const err = await start().then(() => undefined, (e: unknown) => e);
    return { err, ms: Date.now() - started };
  }

  it('ends a request the server never answers, and one whose answer never ends, at the deadline', async () => {
    for (const path of ['/hang', '/slow-body']) {
      const { err, ms } = await timing(() => api(`${base}${path}`, { method: 'POST', body: {}, timeoutMs: 300 }));
      expect(err, path).to.be.instanceOf(ApiError).and.include({ status: 0, code: 'timeout' });
      expect(ms, path).to.be.within(250, 1500);
    }
  });

  it('counts the retries of a read inside the same deadline', async () => {
    hits = 0;
    const { err, ms } = await timing(() => api(`${base}/busy`, { timeoutMs: 1000 }));
    expect(err).to.be.instanceOf(ApiError).and.include({ code: 'timeout' });
    expect(ms).to.be.within(900, 2000);
    expect(hits).to.be.within(2, 4); // 300 + 600 ms of pauses fit, the 1200 ms one does not
  });

  it('answers within the deadline as before', async () => {
    expect(await api(`${base}/ok`, { timeoutMs: 300 })).to.deep.equal({ ok: true });
  });
});
