import { expect } from 'chai';
import { HASHING_CONCURRENCY, hashPassword, hashingSlots, verifyPassword } from '../../server/lib/passwords.js';
import { Semaphore } from '../../server/lib/semaphore.js';

describe('passwords', () => {
  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).to.match(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', hash)).to.equal(true);
    expect(await verifyPassword('correct horse batter', hash)).to.equal(false);
  });

  it('never truncates long passwords or emoji', async () => {
    const long = '🔐'.repeat(40) + 'x'.repeat(100);
    const hash = await hashPassword(long);
    expect(await verifyPassword(long, hash)).to.equal(true);
    expect(await verifyPassword(long.slice(0, -1), hash)).to.equal(false);
  });

  it('rejects malformed stored hashes', async () => {
    expect(await verifyPassword('x', 'md5$abc')).to.equal(false);
  });

  it('hashes one password at a time (128 MiB each), the others waiting their turn', async () => {
    const hash = await hashPassword('burst');
    hashingSlots.resetPeak();
    const results = await Promise.all(Array.from({ length: 3 }, (_, i) => verifyPassword(i % 2 ? 'burst' : 'wrong', hash)));
    expect(results).to.deep.equal([false, true, false]);
    expect(HASHING_CONCURRENCY).to.equal(1);
    expect(hashingSlots.peak).to.equal(HASHING_CONCURRENCY);
    expect(hashingSlots.running + hashingSlots.queued).to.equal(0);
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
