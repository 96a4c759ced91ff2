// Hosts that only this machine can reach: the embedded demo's test payments are served there only.
import { isIP } from 'node:net';

/** localhost, `*.localhost` (RFC 6761), 127.0.0.0/8 and ::1; `hostname` without a port, IPv6 with or without brackets. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(host);
  return false;
}
