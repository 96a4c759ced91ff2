// Compressed answers: which encoding a client gets, and that what it gets decodes to the page.
import { expect } from 'chai';
import express from 'express';
import supertest from 'supertest';
import { acceptedEncoding, compressSentBodies } from '../../server/middleware/compression.js';

describe('compression', () => {
  it('picks brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).to.equal('br');
    expect(acceptedEncoding('gzip, br;q=0')).to.equal('gzip');
    expect(acceptedEncoding('br;q=0.0, gzip;q=0')).to.equal(null);
    expect(acceptedEncoding('*')).to.equal('gzip');
    expect(acceptedEncoding('identity')).to.equal(null);
    expect(acceptedEncoding(undefined)).to.equal(null);
  });

  it('compresses large HTML and JSON, not small bodies, HEAD or streams', async () => {
    const app = express();
    app.use(compressSentBodies());
    const page = `<!doctype html><p>${'Hallo, wereld. '.repeat(200)}</p>`;
    app.get('/page', (_req, res) => res.type('html').send(page));
    app.get('/json', (_req, res) => res.json({ items: Array.from({ length: 200 }, (_, i) => ({ i })) }));
    app.get('/small', (_req, res) => res.send('<p>hi</p>'));
    app.get('/stream', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end(`data: ${'x'.repeat(2000)}\n\n`);
    });
    // supertest decodes what it receives, as a browser does.
    const br = await supertest(app).get('/page').set('Accept-Encoding', 'br').expect(200);
    expect(br.headers['content-encoding']).to.equal('br');
    expect(br.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(br.headers.vary).to.equal('Accept-Encoding');
    expect(br.text).to.equal(page);
    expect(Number(br.headers['content-length'])).to.be.lessThan(page.length / 4);
    const gz = await supertest(app).get('/json').set('Accept-Encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).to.equal('gzip');
    expect(gz.headers['content-type']).to.equal('application/json; charset=utf-8');
    expect((gz.body as { items: unknown[] }).items).to.have.length(200);
    expect((await supertest(app).get('/small').set('Accept-Encoding', 'br')).headers['content-encoding']).to.equal(undefined);
    expect((await supertest(app).head('/page').set('Accept-Encoding', 'br')).headers['content-encoding']).to.equal(undefined);
    expect((await supertest(app).get('/stream').set('Accept-Encoding', 'br')).headers['content-encoding']).to.equal(undefined);
  });
});
