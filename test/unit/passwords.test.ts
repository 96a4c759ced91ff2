import { expect } from 'chai';
import { hashPassword, verifyPassword } from '../../server/lib/passwords.js';

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
});
