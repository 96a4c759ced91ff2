// Cookie flags shared by every cookie we set.
import type { Request } from 'express';
import type { Config } from '../config.js';

/** Secure when configured so, or ('auto') when this request arrived over HTTPS. */
export function secureFor(req: Request, setting: Config['secureCookies']): boolean {
  return setting === 'auto' ? req.secure : setting;
}
