import { expect } from 'chai';
import { addressKey } from '../../server/lib/client-address.js';

describe('client address keys for limits', () => {
  it('keeps IPv4 addresses as they are, also when a dual-stack socket maps them', () => {
    expect(addressKey('203.0.113.7')).to.equal('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).to.equal('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).to.equal('203.0.113.7');
  });

  it('masks IPv6 addresses to their /64, however they are written', () => {
    expect(addressKey('2001:db8:1:2::5')).to.equal('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:1:2:3')).to.equal('2001:db8:1:2::/64');
    expect(addressKey('[2001:db8:1:2::9]')).to.equal('2001:db8:1:2::/64');
    expect(addressKey('fe80::1%eth0')).to.equal('fe80:0:0:0::/64');
    expect(addressKey('2001:db8::')).to.equal('2001:db8:0:0::/64');
    expect(addressKey('::1')).to.equal('0:0:0:0::/64');
    expect(addressKey('64:ff9b::198.51.100.1')).to.equal('64:ff9b:0:0::/64');
    expect(addressKey('2001:db8:1:3::5')).not.to.equal(addressKey('2001:db8:1:2::5'));
  });

  it('puts what is not an address in one bucket', () => {
    expect(addressKey('')).to.equal('unknown');
    expect(addressKey(undefined)).to.equal('unknown');
    expect(addressKey('not an ip')).to.equal('unknown');
    expect(addressKey('1.2.3')).to.equal('unknown');
  });
});
