// A ZIP file written to disk as it is built: fflate's streaming Zip lays out the archive (headers,
// data descriptors, the directory) while node's zlib deflates the text in libuv's thread pool, so
// a member's export with years of messages never holds the web process's event loop (fflate's own
// Deflate would run there; its AsyncZipDeflate starts a worker per entry, ~70 ms of CPU each).
// Photos are stored as they are (JPEG does not shrink). The CRC-32 is zlib's (native, ~20× fflate's
// JavaScript one). Each chunk is awaited on disk before the next is asked for, so a large export
// never sits in memory whole.
import { open, type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { Zip, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';

const CHUNK = 64 * 1024;
/** zlib's default balance of speed and size (what fflate used too). */
const LEVEL = 6;

const EMPTY = new Uint8Array(0);

/** One entry: its data goes to the Zip as it comes, deflated by zlib or stored as it is. */
class ZipEntry implements ZipInputFile {
  crc = 0;
  size = 0;
  readonly compression: number;
  ondata?: AsyncFlateStreamHandler;
  private readonly deflate: DeflateRaw | undefined;
  private failure: Error | undefined;

  constructor(
    readonly filename: string,
    readonly mtime: Date,
    deflated: boolean,
  ) {
    this.compression = deflated ? 8 : 0;
    if (!deflated) return;
    this.deflate = createDeflateRaw({ level: LEVEL, chunkSize: CHUNK });
    this.deflate.on('data', (chunk: Buffer<ArrayBuffer>) => this.ondata!(null, chunk, false));
    // Kept for the next write or end(), which throw it; an 'error' with no listener would end the process.
    this.deflate.on('error', (err) => (this.failure ??= err));
  }

  /** Adds data; resolves when zlib can take more. */
  async write(data: Uint8Array<ArrayBuffer>): Promise<void> {
    this.crc = crc32(data, this.crc);
    this.size += data.length;
    if (!this.deflate) return this.ondata!(null, data, false);
    this.throwFailure();
    if (!this.deflate.write(data)) await once(this.deflate, 'drain');
  }

  /** The entry is complete; resolves when its last byte has reached the Zip. */
  async end(): Promise<void> {
    if (this.deflate) {
      this.throwFailure();
      const ended = once(this.deflate, 'end');
      this.deflate.end();
      await ended;
    }
    // The Zip writes the data descriptor (sizes and CRC, known only now) after the final chunk.
    this.ondata!(null, EMPTY, true);
  }

  /** fflate calls this when the archive is abandoned. */
  terminate = () => {
    this.deflate?.destroy();
  };

  private throwFailure(): void {
    if (this.failure) throw this.failure;
  }
}

export class ZipFile {
  private writing: Promise<void> = Promise.resolve();
  private error: Error | undefined;
  private finished!: () => void;
  private readonly ended = new Promise<void>((resolve) => (this.finished = resolve));
  private readonly zip: Zip;
  private bytes = 0;

  private constructor(
    private readonly handle: FileHandle,
    private readonly mtime: Date,
  ) {
    this.zip = new Zip((err, chunk, final) => {
      if (err) this.error = err;
      else {
        this.bytes += chunk.length;
        this.writing = this.writing.then(() => this.handle.write(chunk).then(() => undefined));
      }
      if (final || err) this.finished();
    });
  }

  static async create(path: string, mtime = new Date()): Promise<ZipFile> {
    return new ZipFile(await open(path, 'wx', 0o600), mtime);
  }

  /** A text entry (UTF-8, deflated). */
  async addText(name: string, text: string): Promise<void> {
    await this.addStream(name, async (push) => push(text));
  }

  /** A deflated entry whose text comes in parts; each part is written before the next is asked for. */
  async addStream(name: string, produce: (push: (text: string) => Promise<void>) => Promise<void>): Promise<void> {
    const entry = this.entry(name, true);
    await produce(async (text) => {
      const data = Buffer.from(text, 'utf8');
      for (let i = 0; i < data.length; i += CHUNK) {
        await entry.write(data.subarray(i, i + CHUNK));
        await this.flushed();
      }
    });
    await entry.end();
    await this.flushed();
  }

  /** A file stored as it is (photos). */
  async addFile(name: string, data: Uint8Array<ArrayBuffer>): Promise<void> {
    const entry = this.entry(name, false);
    await entry.write(data);
    await entry.end();
    await this.flushed();
  }

  /** Writes the central directory and closes the file; returns its size in bytes. */
  async close(): Promise<number> {
    this.zip.end();
    await this.ended;
    await this.flushed();
    await this.handle.close();
    return this.bytes;
  }

  /** Closes the file after a failure (the caller deletes it). */
  async abort(): Promise<void> {
    this.zip.terminate();
    await this.writing.catch(() => undefined);
    await this.handle.close().catch(() => undefined);
  }

  private entry(name: string, deflated: boolean): ZipEntry {
    const entry = new ZipEntry(name, this.mtime, deflated);
    this.zip.add(entry);
    return entry;
  }

  private async flushed(): Promise<void> {
    await this.writing;
    if (this.error) throw this.error;
  }
}
