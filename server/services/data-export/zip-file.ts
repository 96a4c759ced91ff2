// A ZIP file written to disk as it is built (fflate's streaming Zip): entries are added one after
// the other, text deflated and photos stored as they are (JPEG does not shrink), and each write
// is awaited before the next entry starts, so a large export never sits in memory whole.
import { open, type FileHandle } from 'node:fs/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

const CHUNK = 64 * 1024;

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
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = this.mtime;
    this.zip.add(entry);
    await produce(async (text) => {
      const data = Buffer.from(text, 'utf8');
      for (let i = 0; i < data.length; i += CHUNK) entry.push(data.subarray(i, i + CHUNK));
      await this.flushed();
    });
    entry.push(new Uint8Array(0), true);
    await this.flushed();
  }

  /** A file stored as it is (photos). */
  async addFile(name: string, data: Uint8Array): Promise<void> {
    const entry = new ZipPassThrough(name);
    entry.mtime = this.mtime;
    this.zip.add(entry);
    entry.push(data, true);
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

  private async flushed(): Promise<void> {
    await this.writing;
    if (this.error) throw this.error;
  }
}
