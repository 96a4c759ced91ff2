// GET /api/events: the logged-in member's live events as server-sent events (DESIGN.md §1). The
// stream opens with the current badge counts and credits, then carries each LiveEvent published
// for the member in any app process.
//
// An open stream lasts as long as the page, so DESIGN.md §8 budgets them: 10,000 on one process
// under 300 MB. Express's per-request setup (prototypes, router state, the middleware's closures)
// stays alive with the response and would double that, so a member's stream is answered in front
// of Express: the session cookie is checked and the member loaded exactly as the session and
// current-user middleware do, and anything else (visitors, bad or stale sessions, errors) goes on
// to the Express route below, which answers the same way through the full middleware chain.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { Router } from 'express';
import type session from 'express-session';
import { AuthRequiredError } from '../../errors.js';
import type { Services } from '../../services/index.js';
import type { EventBus, LiveSubscriber } from '../../services/events/event-bus.js';
import { PresenceService } from '../../services/presence/presence-service.js';
import { DEFAULT_SETTINGS } from '../../services/sites/default-settings.js';
import { SESSION_COOKIE, readSession, sessionIdOfCookie } from '../../sessions.js';
import type { LiveEvent } from '../../../types/events.js';
import { STREAM_EVENT } from '../../../types/presence.js';
import type { SessionUser } from '../../../types/user.js';

export const EVENTS_PATH = '/api/events';
/** Proxies and load balancers drop connections that stay silent for a minute or so. */
export const PING_INTERVAL_MS = 25_000;
/** How long the browser waits before it reconnects a lost stream. */
const RETRY_MS = 5000;

const HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
};

/** The open streams of this app, pinged together by one timer that also renews their members' presence. */
class StreamHub {
  readonly streams = new Set<EventStream>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly presence: PresenceService) {}

  add(stream: EventStream): void {
    this.streams.add(stream);
    void this.presence.opened(stream.userId, stream.id);
    if (!this.timer) {
      this.timer = setInterval(() => {
        for (const s of this.streams) s.ping();
        void this.presence.heartbeat();
      }, PING_INTERVAL_MS);
      this.timer.unref();
    }
  }

  delete(stream: EventStream): void {
    this.streams.delete(stream);
    void this.presence.closed(stream.userId, stream.id);
    if (this.streams.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}

/** One open stream: this object, its close listener and its unsubscribe are all it keeps. */
class EventStream implements LiveSubscriber {
  private seq = 0;
  private unsubscribe: (() => void) | undefined;
  /** Named in the page's page-hidden beacon, so that only this page counts as hidden. */
  readonly id = PresenceService.newStreamId();

  constructor(
    private readonly res: ServerResponse,
    private readonly hub: StreamHub,
    readonly userId: number,
  ) {}

  subscribe(events: EventBus): void {
    this.unsubscribe = events.subscribe(this.userId, this);
    this.hub.add(this);
    this.res.once('close', this.closed);
  }

  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  send(type: LiveEvent['type'] | typeof STREAM_EVENT, json: string): void {
    this.seq += 1;
    this.res.write(`id: ${this.seq}\nevent: ${type}\ndata: ${json}\n\n`);
  }

  deliver(event: LiveEvent, json: string): void {
    if (event.type === 'page_hidden') {
      // The page said it is hidden (to this process or another): its stream ends, and with it the
      // claim a heartbeat would otherwise renew. A page that is in fact still shown reconnects.
      if (event.stream === null || event.stream === this.id) this.end();
      return;
    }
    if (this.open) this.send(event.type, json);
  }

  ping(): void {
    if (this.open) this.res.write(': ping\n\n');
  }

  /** Shutdown, or the page reported hidden: end the response and its connection. */
  end(): void {
    const socket = this.res.socket;
    if (!this.res.writableEnded) this.res.end();
    socket?.end();
  }

  private readonly closed = (): void => {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.hub.delete(this);
  };
}

export interface EventStreamsDeps {
  services: Services;
  sessionStore: session.Store;
  sessionSecret: string;
}

export class EventStreams {
  private readonly hub: StreamHub;

  constructor(private readonly deps: EventStreamsDeps) {
    this.hub = new StreamHub(deps.services.presence);
  }

  /** Streams open in this app (tests, metrics). */
  get size(): number {
    return this.hub.streams.size;
  }

  /** The Express route: visitors' 403, and members whenever the fast path leaves them to it. */
  router(): Router {
    const router = Router();
    router.get(EVENTS_PATH, async (req, res) => {
      if (!req.user) throw new AuthRequiredError();
      await this.open(res, req.user);
    });
    return router;
  }

  /** Puts the fast path for members' streams in front of the app's own request handling. */
  install(app: Express): void {
    const inner = app as unknown as { handle(req: IncomingMessage, res: ServerResponse, next?: unknown): void };
    const expressHandle = inner.handle.bind(app);
    inner.handle = (req, res, next) => {
      if (req.method !== 'GET' || req.url !== EVENTS_PATH) return expressHandle(req, res, next);
      void this.openFast(req, res).then((opened) => {
        if (!opened) expressHandle(req, res, next);
      });
    };
  }

  /** Opens the stream when the request carries a valid member session; false leaves it to Express. */
  private async openFast(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    try {
      const user = await this.memberOf(req);
      if (!user) return false;
      await this.open(res, user);
      return true;
    } catch {
      return res.headersSent;
    }
  }

  /** The member of the request's session, as the session and current-user middleware find them. */
  private async memberOf(req: IncomingMessage): Promise<SessionUser | undefined> {
    const sid = signedSessionId(req.headers.cookie, this.deps.sessionSecret);
    if (!sid) return undefined;
    const data = await readSession(this.deps.sessionStore, sid);
    if (!data?.userId) return undefined;
    const site = await this.deps.services.sites.resolveHost(req.headers.host);
    const cdn = site.stored.cdn_prefix ?? DEFAULT_SETTINGS.cdn_prefix;
    return this.deps.services.members.sessionUser(data.userId, site.id, cdn, data.authAt ?? 0);
  }

  private async open(res: ServerResponse, user: SessionUser): Promise<void> {
    const { events } = this.deps.services;
    res.writeHead(200, HEADERS);
    res.flushHeaders();
    const stream = new EventStream(res, this.hub, user.id);
    stream.subscribe(events);
    // With Redis, wait (briefly) for the member's channel: whatever is published once the page has
    // seen the opening events reaches it. The opening numbers are the ones just loaded.
    const counts = JSON.stringify({ type: 'counts', num_unread_messages: user.num_unread_messages, num_new_likes: user.num_new_likes } satisfies LiveEvent);
    const credits = JSON.stringify({ type: 'credits', credits: user.credits } satisfies LiveEvent);
    await events.subscribed(user.id);
    if (!stream.open) return;
    res.write(`retry: ${RETRY_MS}\n\n`);
    stream.send(STREAM_EVENT, JSON.stringify({ id: stream.id }));
    stream.send('counts', counts);
    stream.send('credits', credits);
  }
}

/** The session id of a signed session cookie (express-session's `s:<id>.<hmac>`), if it verifies. */
export function signedSessionId(cookieHeader: string | undefined, secret: string): string | undefined {
  if (!cookieHeader) return undefined;
  // Over HTTPS the cookie carries the `__Host-` prefix (lib/cookies.ts); that one wins.
  const parts = cookieHeader.split(';').map((part) => part.trim());
  const valueOf = (name: string) => parts.find((part) => part.startsWith(`${name}=`))?.slice(name.length + 1);
  const raw = valueOf(`__Host-${SESSION_COOKIE}`) ?? valueOf(SESSION_COOKIE);
  if (!raw) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(raw.replace(/^"|"$/g, ''));
  } catch {
    return undefined;
  }
  return sessionIdOfCookie(value, secret);
}
