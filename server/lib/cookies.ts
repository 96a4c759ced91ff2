// Cookie flags and names shared by every cookie we set.
import type { Request } from 'express';
import type { Config } from '../config.js';

/** req.secure per request: it checks the proxy trust (parsing the address) each time it is read. */
const secureOf = new WeakMap<Request, boolean>();

/** Secure when configured so, or ('auto') when this request arrived over HTTPS. */
export function secureFor(req: Request, setting: Config['secureCookies']): boolean {
  if (setting !== 'auto') return setting;
  let secure = secureOf.get(req);
  if (secure === undefined) secureOf.set(req, (secure = req.secure));
  return secure;
}

/**
 * A Secure cookie's name carries the `__Host-` prefix: browsers then accept it only with Secure,
 * Path=/ and no Domain, so neither a sibling subdomain nor a plain-HTTP page can plant or shadow
 * it. Over plain HTTP (development, tests) the name stays as it is.
 */
export function cookieNameFor(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}
