// What our middleware adds to Express's request and session.
import type { Site } from './services/sites/sites-service.js';
import type { MaybeViewer } from './services/viewer.js';
import type { SessionUser } from '../types/user.js';
import type { PageContext } from '../views/render-context.js';
import type { AssetResolver } from './render/assets.js';
import type { TrackingRecord } from './services/traffic/tracking-record.js';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    site: Site;
    /** The logged-in member as SPEC.md's `user`, or null for a visitor. */
    user: SessionUser | null;
    viewer: MaybeViewer;
    clientCountry: string | null;
    /** This request's tracking record (SPEC.md §3): its query's, else the one a landing left in the cookie (middleware/traffic.ts). */
    tracking: TrackingRecord;
  }
}

declare module 'express-session' {
  interface SessionData {
    userId: number;
    /** When this session logged in; a password changed later ends it. */
    authAt: number;
    /** The newest terms version the member is known to have accepted (middleware/terms-gate.ts). */
    termsAccepted: number;
    /** The profile whose block this member lifted on /settings just now: its notice names it once. */
    unblockedProfileId: number;
  }
}

declare global {
  namespace Express {
    interface Locals {
      page?: PageContext;
      assets?: AssetResolver;
      /** The session cookie's name on this request (`__Host-` over HTTPS, see lib/cookies.ts). */
      sessionCookie?: string;
      /**
       * The cached objects this request's page context was built from (the site, the company, the
       * message costs): replaced when reloaded or changed, so what is kept per them (render/page-cache.ts) follows.
       */
      pageSources?: object[];
      /** Set by a lander route: the variant it showed (null: its default), counted instead of the slug asked for. */
      landerVariant?: string | null;
    }
  }
}
