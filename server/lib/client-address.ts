// The key a client address is counted under by limits. An IPv4 address counts as it is; an IPv6
// address by its /64 prefix, because a provider hands one subscriber a whole /64 (RFC 6177), so
// counting single IPv6 addresses would give one client 2^64 fresh allowances.
import { isIPv4, isIPv6 } from 'node:net';

/** '203.0.113.7' → '203.0.113.7'; '2001:db8:1:2::5' → '2001:db8:1:2::/64'; garbage → 'unknown'. */
export function addressKey(ip: string | undefined): string {
  // Brackets ([::1]) and a zone index (fe80::1%eth0) are not part of the address.
  const bare = (ip ?? '').trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return 'unknown';
  const groups = ipv6Groups(bare);
  // A dual-stack socket reports an IPv4 client as ::ffff:a.b.c.d: that is the IPv4 address.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (isIPv6 checked), '::' and an IPv4 tail expanded. */
function ipv6Groups(ip: string): number[] {
  let s = ip.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = s.split('::');
  const parts = (x: string) => (x ? x.split(':') : []);
  const groups = tail === undefined ? parts(head) : [...parts(head), ...Array<string>(8 - parts(head).length - parts(tail).length).fill('0'), ...parts(tail)];
  return groups.map((g) => parseInt(g, 16));
}
