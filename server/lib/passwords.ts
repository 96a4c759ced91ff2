// Password hashing with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1). The whole password
// is hashed as UTF-8: long passwords and emoji are never truncated.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Semaphore } from './semaphore.js';

const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LEN = 64;
const MAXMEM = 256 * 1024 * 1024;

/**
 * Each scrypt holds 128 × N × r = 128 MiB while it runs, and libuv ran four at once: a burst of 50
 * logins took the process to 800 MB (issue 17). One at a time keeps a burst at the server's own
 * ~150 MB plus one hash (measured: 2 at a time peaked at 408 MB, over the 400 MB budget); the
 * others wait their turn, and login bursts are rate-limited per address and account besides.
 * argon2id (19 MiB, t=2) would hash in a tenth of the time and memory, but needs a new native
 * package: this keeps every stored hash, the format and the dependencies as they are.
 */
export const HASHING_CONCURRENCY = 1;
export const hashingSlots = new Semaphore(HASHING_CONCURRENCY);

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return hashingSlots.run(
    () => new Promise((resolve, reject) => scryptCb(password.normalize('NFC'), salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)))),
  );
}

/** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LEN, { N, r: R, p: P, maxmem: MAXMEM });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
