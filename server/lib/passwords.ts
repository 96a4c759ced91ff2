// Password hashing with argon2id at OWASP's recommended minimum, in its m=7 MiB, t=5, p=1 form. Hashes
// stored before it (scrypt, N=2^17, r=8, p=1) still verify, and login replaces them with argon2id
// (needsRehash). The whole password is hashed as NFC UTF-8: long passwords and emoji are never
// truncated.
import { scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import argon2 from 'argon2';
import { Semaphore } from './semaphore.js';

/**
 * OWASP lists five equally strong argon2id settings (46 MiB t=1, 19 MiB t=2, 12 MiB t=3, 9 MiB t=4,
 * 7 MiB t=5): the same memory × passes an attacker pays per guess. The smallest memory costs the
 * server least: 7 MiB stays in the CPU's caches and is quicker to allocate, so a hash takes about
 * 22 ms of CPU instead of 36-50 ms at 19 MiB (measured on this 2-core machine), and a burst of 50
 * logins needs a third of the memory. In the hash itself ($argon2id$v=19$m=7168,t=5,p=1$salt$hash),
 * so they can be changed later: hashes made with other settings are redone at the next login.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 7168, timeCost: 5, parallelism: 1 } as const;

/**
 * Each argon2id holds 7 MiB while it runs (a few tens of ms of CPU). Four at once match libuv's four
 * threads and keep a burst of 50 logins at the server's own ~150 MB plus ~28 MB, while the last
 * of 50 waits about a twelfth of 50 hashes instead of all of them one by one (issue 17).
 */
export const HASHING_CONCURRENCY = 4;
export const hashingSlots = new Semaphore(HASHING_CONCURRENCY);

/**
 * An old scrypt hash holds 128 × N × r = 128 MiB while it is checked: one at a time (measured: 2
 * at a time peaked at 408 MB). With the argon2 slots beside it, hashing holds at most ~204 MiB.
 */
export const SCRYPT_CONCURRENCY = 1;
export const scryptSlots = new Semaphore(SCRYPT_CONCURRENCY);
const SCRYPT_MAXMEM = 256 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  return hashingSlots.run(() => argon2.hash(password.normalize('NFC'), ARGON2_OPTIONS));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    // A malformed stored hash makes argon2.verify throw: it matches no password.
    return hashingSlots.run(() => argon2.verify(stored, password.normalize('NFC')).catch(() => false));
  }
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  return false;
}

/** Whether a stored hash (the right one: call after verifyPassword) should be hashed again now. */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    return argon2.needsRehash(stored, ARGON2_OPTIONS);
  } catch {
    return true;
  }
}

/** Format: scrypt$N$r$p$salt$hash (base64url), as hashPassword wrote it before argon2id. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hash] = stored.split('$');
  if (!n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const opts: ScryptOptions = { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT_MAXMEM };
  const key = await scryptSlots.run(
    () => new Promise<Buffer>((resolve, reject) =>
      scryptCb(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, opts, (err, k) => (err ? reject(err) : resolve(k)))),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}
