// The .eml files of the embedded mail default (no SMTP_URL, see transport.ts): which of them were
// sent to, or mention, a member's address, so that erasing the member can delete them.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Names of the .eml files in `dir` that hold one of the addresses (in a header or in the body,
 * quoted-printable line breaks undone) or whose name carries one of the outbox's message ids.
 */
export async function mailFilesOf(dir: string, o: { addresses: string[]; messageIds: string[] }): Promise<string[]> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const addresses = o.addresses.map((a) => a.toLowerCase()).filter(Boolean);
  // transport.ts names a file "<time>-<message id without its unsafe characters>.eml".
  const idSuffixes = o.messageIds.map((id) => `-${id.replace(/[^A-Za-z0-9._-]/g, '')}.eml`).filter((s) => s.length > 5);
  const found: string[] = [];
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    if (idSuffixes.some((s) => name.endsWith(s))) {
      found.push(name);
      continue;
    }
    const text = (await readFile(join(dir, name), 'utf8').catch(() => '')).replace(/=\r?\n/g, '').toLowerCase();
    if (addresses.some((a) => text.includes(a))) found.push(name);
  }
  return found;
}
