// The page's one connection to GET /api/events, shared by every island that wants live events.
// EventSource reconnects by itself after a network error; when the server refuses the stream
// (403 after a logout, or a proxy's error page) it stops, and so do we unless the member is
// still logged in, in which case we try again later. Where the stream cannot connect at all (no
// EventSource, or it keeps failing: a proxy that buffers or cuts long responses), the member's
// counts and credits are refreshed on SPEC.md §9's timer instead, until the stream opens again.
//
// Presence (issue 16): an open stream makes the member "online". A page that becomes hidden tells
// the server at once with the page-hidden beacon (SPEC.md §7) and closes its stream; the timer
// keeps its counts (and the title's) meanwhile, and the page shown again opens a new stream, which
// makes the member online again and brings what it missed (onLiveOpen). A page that is going away
// (pagehide: a link followed, the tab closed) sends no beacon: its stream closes with it.
import type { LiveEvent, LiveEventType, SERVER_ONLY_EVENTS } from '../../types/events.js';
import { PAGE_HIDDEN_PATH, STREAM_EVENT } from '../../types/presence.js';
import type { SessionUser } from '../../types/user.js';
import { pushState } from './push.js';

const TYPES = ['message', 'read', 'conversation_removed', 'counts', 'credits'] as const satisfies readonly LiveEventType[];
// Every LiveEvent type must be listened to: a new one in types/events.ts fails the typecheck here.
const everyType: [Exclude<LiveEventType, (typeof TYPES)[number] | (typeof SERVER_ONLY_EVENTS)[number]>] extends [never] ? true : never = true;
void everyType;

const RETRY_BASE_MS = 5000;
const RETRY_MAX_MS = 300_000;

/** SPEC.md §9 user refresh: the first after 5 s, then every 60 s, or 300 s when push is subscribed. */
export const REFRESH_START_MS = 5000;
export const REFRESH_EVERY_MS = 60_000;
export const REFRESH_EVERY_PUSH_MS = 300_000;
/** Stream errors in a row (without an open between them) after which the timer takes over. */
const ERRORS_BEFORE_FALLBACK = 3;

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();
const openListeners = new Set<() => void>();
let source: EventSource | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
let errorsInRow = 0;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** The open stream's id (its first event), named in the page-hidden beacon. */
let streamId: string | undefined;
/** pagehide came (the page is going away or into the back-forward cache). */
let leaving = false;
let watchingPage = false;

function dispatch(e: MessageEvent<string>): void {
  let event: LiveEvent;
  try {
    event = JSON.parse(e.data) as LiveEvent;
  } catch {
    return;
  }
  emit(event);
}

function emit(event: LiveEvent): void {
  for (const listener of listeners) listener(event);
}

function connect(): void {
  if (typeof EventSource === 'undefined') return startRefresh();
  if (source || retryTimer) return;
  watchPage();
  // A page opened in the background is not "online": its stream waits until it is shown.
  if (document.visibilityState === 'hidden') return startRefresh();
  const es = new EventSource('/api/events');
  source = es;
  for (const type of TYPES) es.addEventListener(type, dispatch);
  es.addEventListener(STREAM_EVENT, (e: MessageEvent<string>) => {
    try {
      streamId = (JSON.parse(e.data) as { id?: string }).id;
    } catch {
      streamId = undefined;
    }
  });
  es.addEventListener('open', () => {
    failures = 0;
    errorsInRow = 0;
    stopRefresh();
    for (const listener of openListeners) listener();
  });
  es.addEventListener('error', () => {
    if (++errorsInRow >= ERRORS_BEFORE_FALLBACK) startRefresh();
    if (es.readyState !== EventSource.CLOSED) return;
    es.close();
    source = undefined;
    void retryIfLoggedIn();
  });
}

/** The stream was refused: a visitor stops here; a member tries again with a growing delay. */
async function retryIfLoggedIn(): Promise<void> {
  const res = await fetch('/api/user.php', { headers: { Accept: 'application/json' }, credentials: 'same-origin' }).catch(() => undefined);
  if (res?.status === 403 || !listeners.size) return;
  failures += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (listeners.size) connect();
  }, Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** failures));
}

function disconnect(): void {
  closeStream();
  clearTimeout(retryTimer);
  retryTimer = undefined;
  stopRefresh();
}

function closeStream(): void {
  source?.close();
  source = undefined;
  streamId = undefined;
}

/** Follows the page's visibility for presence, once per page. */
function watchPage(): void {
  if (watchingPage) return;
  watchingPage = true;
  document.addEventListener('visibilitychange', () => {
    if (!listeners.size) return;
    if (document.visibilityState === 'visible') return connect();
    if (leaving) return;
    // Before its first event names the stream, closing it says enough (a beacon without a stream
    // would count the member's other pages as hidden too).
    if (source && streamId) sendPageHidden(streamId);
    closeStream();
    clearTimeout(retryTimer);
    retryTimer = undefined;
    startRefresh();
  });
  addEventListener('pagehide', () => {
    leaving = true;
    closeStream();
  });
  // Back from the back-forward cache: a page like any other again.
  addEventListener('pageshow', (e: PageTransitionEvent) => {
    leaving = false;
    if (e.persisted && listeners.size) connect();
  });
}

/**
 * POST /api/page-hidden.php with SPEC.md §7's empty JSON body. A beacon cannot set headers, so
 * the CSRF token goes in the URL, with the stream's id: only this page counts as hidden.
 */
function sendPageHidden(stream: string): void {
  const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
  if (!token) return;
  const url = `${PAGE_HIDDEN_PATH}?_csrf=${encodeURIComponent(token)}&stream=${encodeURIComponent(stream)}`;
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob(['{}'], { type: 'application/json' }))) return;
  void fetch(url, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' }, credentials: 'same-origin', keepalive: true }).catch(() => undefined);
}

/** The timer of SPEC.md §9 while the stream is away; the stream's next open stops it. */
function startRefresh(): void {
  if (refreshTimer || !listeners.size) return;
  refreshTimer = setTimeout(refreshUser, REFRESH_START_MS);
}

function stopRefresh(): void {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
}

/** GET /api/user.php (SPEC.md §7, the client header): the counts and credits, as the stream would send them. */
async function refreshUser(): Promise<void> {
  const res = await fetch('/api/user.php', {
    headers: { Accept: 'application/json', 'X-Request-Type': 'client' },
    credentials: 'same-origin',
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
  if (!refreshTimer) return;
  // Logged out: nothing more to refresh (the next page load shows the visitor's page).
  if (res?.status === 403) return stopRefresh();
  const user = res?.ok ? ((await res.json().catch(() => undefined)) as { user?: SessionUser } | undefined)?.user : undefined;
  if (user) {
    emit({ type: 'counts', num_unread_messages: user.num_unread_messages, num_new_likes: user.num_new_likes });
    emit({ type: 'credits', credits: user.credits });
  }
  const every = (await pushState().catch(() => 'unknown')) === 'subscribed' ? REFRESH_EVERY_PUSH_MS : REFRESH_EVERY_MS;
  if (refreshTimer) refreshTimer = setTimeout(refreshUser, every);
}

/** Calls `listener` with each live event of the logged-in member; returns the unsubscribe. */
export function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  connect();
  return () => {
    listeners.delete(listener);
    if (!listeners.size) disconnect();
  };
}

/**
 * Calls `listener` each time the stream (re)opens. Events published while it was away are not
 * replayed: counts and credits come again at once, other state is fetched again here.
 */
export function onLiveOpen(listener: () => void): () => void {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
}
