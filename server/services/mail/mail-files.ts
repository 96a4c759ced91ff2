// The .eml files of the embedded mail default (no SMTP_URL, see transport.ts): which of them were
// sent to, or mention, a member's address, so that erasing the member can delete them.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface MailOwner {
  addresses: string[];
  messageIds: string[];
}

/**
 * For each owner, the names of the .eml files in `dir` that hold one of their addresses (in a
 * header or in the body, quoted-printable line breaks undone) or whose name carries one of their
 * outbox message ids. The folder is read once for all owners of a purge batch.
 */
export async function mailFilesOf(dir: string, owners: MailOwner[]): Promise<string[][]> {
  const found = owners.map(() => [] as string[]);
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  if (!owners.length) return found;
  const addresses = owners.map((o) => o.addresses.map((a) => a.toLowerCase()).filter(Boolean));
  // transport.ts names a file "<time>-<message id without its unsafe characters>.eml".
  const suffixes = owners.map((o) => o.messageIds.map((id) => `-${id.replace(/[^A-Za-z0-9._-]/g, '')}.eml`).filter((x) => x.length > 5));
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    let text: string | undefined;
    for (let i = 0; i < owners.length; i++) {
      if (suffixes[i]!.some((x) => name.endsWith(x))) {
        found[i]!.push(name);
        continue;
      }
      text ??= (await readFile(join(dir, name), 'utf8').catch(() => '')).replace(/=\r?\n/g, '').toLowerCase();
      if (addresses[i]!.some((a) => text!.includes(a))) found[i]!.push(name);
    }
  }
  return found;
}
