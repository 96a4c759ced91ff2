// Cookie flags and names shared by every cookie we set.
import express, { type CookieOptions, type Request } from 'express';
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

export interface CookieToSet {
  name: string;
  value: string;
  options: CookieOptions;
}

/**
 * The Set-Cookie header value that Express's res.cookie() makes, for answers written without
 * Express (render/kept-answers.ts): its own code runs on a stand-in response that keeps the header
 * instead of appending it, so both ways set the same cookie byte for byte.
 */
export function setCookieHeader({ name, value, options }: CookieToSet): string {
  let header = '';
  const collect = { req: {}, append: (_field: string, v: string) => ((header = v), collect) };
  const cookie = express.response.cookie as (this: unknown, name: string, value: string, options: CookieOptions) => unknown;
  cookie.call(collect, name, value, options);
  return header;
}
