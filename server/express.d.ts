// What our middleware adds to Express's request and session.
import type { Site } from './services/sites/sites-service.js';
import type { MaybeViewer } from './services/viewer.js';
import type { SessionUser } from '../types/user.js';
import type { PageContext } from '../views/render-context.js';
import type { AssetResolver } from './render/assets.js';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    site: Site;
    /** The logged-in member as SPEC.md's `user`, or null for a visitor. */
    user: SessionUser | null;
    viewer: MaybeViewer;
    clientCountry: string | null;
  }
}

declare module 'express-session' {
  interface SessionData {
    userId: number;
    /** When this session logged in; a password changed later ends it. */
    authAt: number;
    /** Tracking record (SPEC.md §3), kept from the landing query until signup. */
    tracking: { network?: string; ref?: string; sub1?: string; sub2?: string; sub3?: string };
  }
}

declare global {
  namespace Express {
    interface Locals {
      page?: PageContext;
      assets?: AssetResolver;
      /** The session cookie's name on this request (`__Host-` over HTTPS, see lib/cookies.ts). */
      sessionCookie?: string;
    }
  }
}
