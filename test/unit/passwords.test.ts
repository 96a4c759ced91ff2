import { randomBytes, scryptSync } from 'node:crypto';
import argon2 from 'argon2';
import { expect } from 'chai';
import {
  ARGON2_OPTIONS, HASHING_CONCURRENCY, SCRYPT_CONCURRENCY, hashPassword, hashingSlots, needsRehash, scryptSlots, verifyPassword,
} from '../../server/lib/passwords.js';
import { Semaphore } from '../../server/lib/semaphore.js';

/** A scrypt hash as hashPassword stored them before argon2id (at a low N, so the test stays fast). */
function scryptHash(password: string, n = 1024): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 64, { N: n, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return ['scrypt', n, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('passwords', () => {
  it('hashes with argon2id at OWASP strength (7 MiB, t=5, p=1, the equal of 19 MiB, t=2), the parameters in the hash', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).to.match(/^\$argon2id\$v=19\$m=7168,p=1,t=5\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('correct horse battery', hash)).to.equal(true);
    expect(await verifyPassword('correct horse batter', hash)).to.equal(false);
    expect(needsRehash(hash)).to.equal(false);
    expect(await hashPassword('correct horse battery')).to.not.equal(hash);
  });

  it('still verifies scrypt hashes stored before, and asks for them to be hashed again', async () => {
    const old = scryptHash('an old password');
    expect(await verifyPassword('an old password', old)).to.equal(true);
    expect(await verifyPassword('an old passwore', old)).to.equal(false);
    expect(needsRehash(old)).to.equal(true);
    // At the cost hashPassword used (N=2^17, 128 MiB) too.
    const full = scryptHash('full cost', 2 ** 17);
    expect(await verifyPassword('full cost', full)).to.equal(true);
  });

  it('asks to hash again an argon2 hash of another type or a lower cost', async () => {
    expect(needsRehash(await argon2.hash('x', { ...ARGON2_OPTIONS, memoryCost: 4096 }))).to.equal(true);
    // The setting used before (19 MiB, t=2): as strong, but costlier to the server; redone at the next login.
    expect(needsRehash(await argon2.hash('x', { ...ARGON2_OPTIONS, memoryCost: 19456, timeCost: 2 }))).to.equal(true);
    expect(needsRehash(await argon2.hash('x', { ...ARGON2_OPTIONS, timeCost: 1 }))).to.equal(true);
    expect(needsRehash(await argon2.hash('x', { ...ARGON2_OPTIONS, type: argon2.argon2i }))).to.equal(true);
  });

  it('never truncates long passwords or emoji, and treats NFC and NFD spellings alike', async () => {
    const long = '🔐'.repeat(40) + 'x'.repeat(100);
    const hash = await hashPassword(long);
    expect(await verifyPassword(long, hash)).to.equal(true);
    expect(await verifyPassword(long.slice(0, -1), hash)).to.equal(false);
    const nfc = await hashPassword('Grüße');
    expect(await verifyPassword('Grüße'.normalize('NFD'), nfc)).to.equal(true);
  });

  it('rejects malformed stored hashes', async () => {
    expect(await verifyPassword('x', 'md5$abc')).to.equal(false);
    expect(await verifyPassword('x', '$argon2id$v=19$m=19456,p=1,t=2$broken')).to.equal(false);
    expect(await verifyPassword('x', 'scrypt$1024$8')).to.equal(false);
    expect(needsRehash('$argon2id$broken')).to.equal(true);
  });

  it('hashes at most HASHING_CONCURRENCY (4) passwords at once, the others waiting their turn', async () => {
    const hash = await hashPassword('burst');
    hashingSlots.resetPeak();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => verifyPassword(i % 2 ? 'burst' : 'wrong', hash)));
    expect(results).to.deep.equal(Array.from({ length: 10 }, (_, i) => i % 2 === 1));
    expect(HASHING_CONCURRENCY).to.equal(4);
    expect(hashingSlots.peak).to.equal(HASHING_CONCURRENCY);
    expect(hashingSlots.running + hashingSlots.queued).to.equal(0);
  });

  it('checks one scrypt hash (128 MiB) at a time', async () => {
    const old = scryptHash('old burst');
    scryptSlots.resetPeak();
    const results = await Promise.all(Array.from({ length: 3 }, (_, i) => verifyPassword(i % 2 ? 'old burst' : 'wrong', old)));
    expect(results).to.deep.equal([false, true, false]);
    expect(scryptSlots.peak).to.equal(SCRYPT_CONCURRENCY);
    expect(SCRYPT_CONCURRENCY).to.equal(1);
  });
});

describe('Semaphore', () => {
  it('runs at most its size at once, in arrival order, and frees the slot when a task fails', async () => {
    const slots = new Semaphore(2);
    const order: string[] = [];
    const gates: (() => void)[] = [];
    const task = (name: string, fail = false) =>
      slots.run(async () => {
        order.push(`start ${name}`);
        await new Promise<void>((resolve) => gates.push(resolve));
        order.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const a = task('a', true);
    const b = task('b');
    const c = task('c');
    const d = task('d');
    await Promise.resolve();
    expect(slots.running).to.equal(2);
    expect(slots.queued).to.equal(2);
    expect(order).to.deep.equal(['start a', 'start b']);
    gates.shift()!();
    await a.catch((err: Error) => expect(err.message).to.equal('a'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).to.deep.equal(['start a', 'start b', 'end a', 'start c']);
    while (gates.length) {
      gates.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all([b, c, d])).to.deep.equal(['b', 'c', 'd']);
    expect(slots.peak).to.equal(2);
    expect(slots.running + slots.queued).to.equal(0);
    expect(() => new Semaphore(0)).to.throw();
  });
});
