// The data export's ZIP writer: fflate lays out the archive, zlib deflates (in its thread pool) and
// sums the CRC-32s. What it writes must open in any unzip tool: every entry's bytes, sizes and CRC
// as the central directory states them, text deflated and photos stored.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { expect } from 'chai';
import { ZipFile } from '../../server/services/data-export/zip-file.js';

interface Entry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  data: Buffer;
}

/** Reads a ZIP by its central directory, as unzip tools do, and checks each entry's CRC-32. */
function readZip(file: Buffer): Entry[] {
  const eocd = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd, 'end of central directory').to.be.at.least(0);
  const count = file.readUInt16LE(eocd + 10);
  let at = file.readUInt32LE(eocd + 16);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    expect(file.readUInt32LE(at)).to.equal(0x02014b50);
    const method = file.readUInt16LE(at + 10);
    const crc = file.readUInt32LE(at + 16);
    const compressedSize = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const extra = file.readUInt16LE(at + 30);
    const comment = file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    const name = file.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(file.readUInt32LE(local), name).to.equal(0x04034b50);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const raw = file.subarray(start, start + compressedSize);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    expect(data.length, `${name}: size`).to.equal(size);
    expect(crc32(data) >>> 0, `${name}: CRC-32`).to.equal(crc);
    entries.push({ name, method, crc, compressedSize, size, data });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

describe('data export ZIP writer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amora-zip-'));

  it('writes text deflated, streamed text across many chunks, and files stored, each with its CRC', async () => {
    const path = join(dir, 'export.zip');
    const zip = await ZipFile.create(path, new Date('2026-03-01T10:00:00Z'));
    await zip.addText('README.txt', 'Deine Daten – ä, ö, ü, ß, 😀\n');
    await zip.addText('empty.json', '');
    // About 3 MB in parts of uneven length: 64 KiB chunks end inside multi-byte characters.
    const parts = Array.from({ length: 3000 }, (_, i) => `{"id":${i},"text":"Cześć, ${'żółć 😀 '.repeat(i % 97)}"}\n`);
    await zip.addStream('conversations.json', async (push) => {
      for (const part of parts) await push(part);
    });
    const photo = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 256));
    await zip.addFile('photos/1.jpg', photo);
    const size = await zip.close();

    const file = readFileSync(path);
    expect(size).to.equal(file.length);
    const entries = readZip(file);
    expect(entries.map((e) => e.name)).to.deep.equal(['README.txt', 'empty.json', 'conversations.json', 'photos/1.jpg']);
    const byName = Object.fromEntries(entries.map((e) => [e.name, e]));
    expect(byName['README.txt']!.data.toString('utf8')).to.equal('Deine Daten – ä, ö, ü, ß, 😀\n');
    expect(byName['empty.json']!.size).to.equal(0);
    const text = parts.join('');
    expect(byName['conversations.json']!.data.toString('utf8')).to.equal(text);
    expect(byName['conversations.json']!.method).to.equal(8);
    expect(byName['conversations.json']!.compressedSize).to.be.below(Buffer.byteLength(text) / 4);
    expect(byName['photos/1.jpg']!.method).to.equal(0);
    expect(byName['photos/1.jpg']!.data.equals(photo)).to.equal(true);
  });

  it('refuses to overwrite a file, and an aborted archive leaves a closed file for the caller to delete', async () => {
    const path = join(dir, 'aborted.zip');
    const zip = await ZipFile.create(path);
    await zip.addText('a.txt', 'x'.repeat(100_000));
    await zip.abort();
    expect(existsSync(path)).to.equal(true);
    let refused: unknown;
    await ZipFile.create(path).catch((err: unknown) => (refused = err));
    expect((refused as NodeJS.ErrnoException).code).to.equal('EEXIST');
  });
});
