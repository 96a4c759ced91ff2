import { expect } from 'chai';
import { isLocalHost } from '../../server/lib/local-host.js';

describe('isLocalHost', () => {
  it('knows the hosts only this machine reaches', () => {
    for (const host of ['localhost', 'LOCALHOST', 'nl.localhost', 'a.b.localhost.', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLocalHost(host), host).to.equal(true);
    }
  });

  it('refuses every other host, look-alikes included', () => {
    for (const host of ['example.com', 'localhost.example.com', 'evil-localhost', '10.0.0.1', '192.168.1.2', '0.0.0.0', '::', '2001:db8::1', '128.0.0.1', '']) {
      expect(isLocalHost(host), host).to.equal(false);
    }
  });
});
