// lib/spliced-gzip.ts: a gzip body joined from parts compressed once and values put in as they are
// decodes to the text they make in order, whatever the sizes (empty parts, a value past a stored
// block's 64 KB, text beyond ASCII).
import { expect } from 'chai';
import { gunzipSync } from 'node:zlib';
import { deflatedPiece, splicedGzip, storedPiece } from '../../server/lib/spliced-gzip.js';

const text = (s: string) => Buffer.from(s, 'utf8');

describe('spliced gzip', () => {
  it('decodes to the parts and values in order', () => {
    const page = '<!doctype html><p>Zażółć gęślą jaźń – Grüße</p>'.repeat(300);
    const [head, tail] = [page.slice(0, 5000), page.slice(5000)];
    const body = splicedGzip([deflatedPiece(text(head)), storedPiece(text('token-1')), deflatedPiece(text(tail))]);
    expect(gunzipSync(body).toString('utf8')).to.equal(`${head}token-1${tail}`);
    // The fixed parts are compressed: the page repeats, so it shrinks to a small share of its size.
    expect(body.length).to.be.below(Buffer.byteLength(page) / 10);
  });

  it('takes empty parts and values, and a value longer than one stored block holds', () => {
    const long = 'x'.repeat(70_000);
    const body = splicedGzip([deflatedPiece(text('')), storedPiece(text('')), deflatedPiece(text('a')), storedPiece(text(long)), deflatedPiece(text(''))]);
    expect(gunzipSync(body).toString('utf8')).to.equal(`a${long}`);
    expect(gunzipSync(splicedGzip([])).length).to.equal(0);
  });

  it('gives the same bytes for the same pieces (answers of one kept page compare byte for byte)', () => {
    const part = deflatedPiece(text('<main>kept</main>'.repeat(100)));
    const a = splicedGzip([part, storedPiece(text('v'))]);
    const b = splicedGzip([part, storedPiece(text('v'))]);
    expect(a.equals(b)).to.equal(true);
  });
});
