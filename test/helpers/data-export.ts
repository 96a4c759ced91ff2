// Data export helpers for tests: the download link from the outbox, the ZIP as a response body,
// and its entries opened with the library that wrote it (fflate).
import { strFromU8, unzipSync } from 'fflate';
import type { Response } from 'supertest';
import type { TestEnv } from './backends.js';

/** The token of the newest data export link mailed to the member. */
export async function exportToken(env: TestEnv, userId: number): Promise<string> {
  const mail = await env.rt.db('mail_outbox').where({ user_id: userId, template: 'data_export' }).orderBy('id', 'desc').first('text');
  const m = /\/settings\/export\/([A-Za-z0-9_-]{43})/.exec(String(mail?.text ?? ''));
  if (!m) throw new Error(`no data export link mailed to user ${userId}`);
  return m[1]!;
}

/** supertest parser keeping a binary body as a Buffer. */
export function binary(res: Response, done: (err: Error | null, body: unknown) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

export interface OpenedZip {
  names: string[];
  bytes(name: string): Uint8Array;
  text(name: string): string;
  json<T = Record<string, unknown>>(name: string): T;
}

export function openZip(data: Uint8Array): OpenedZip {
  const files = unzipSync(data);
  const bytes = (name: string) => {
    const f = files[name];
    if (!f) throw new Error(`${name} is not in the archive (${Object.keys(files).join(', ')})`);
    return f;
  };
  return {
    names: Object.keys(files).sort(),
    bytes,
    text: (name) => strFromU8(bytes(name)),
    json: <T>(name: string) => JSON.parse(strFromU8(bytes(name))) as T,
  };
}
