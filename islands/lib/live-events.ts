// The page's one connection to GET /api/events, shared by every island that wants live events.
// EventSource reconnects by itself after a network error; when the server refuses the stream
// (403 after a logout, or a proxy's error page) it stops, and so do we unless the member is
// still logged in, in which case we try again later.
import type { LiveEvent, LiveEventType } from '../../types/events.js';

const TYPES = ['message', 'read', 'conversation_removed', 'counts', 'credits'] as const satisfies readonly LiveEventType[];
// Every LiveEvent type must be listened to: a new one in types/events.ts fails the typecheck here.
const everyType: [Exclude<LiveEventType, (typeof TYPES)[number]>] extends [never] ? true : never = true;
void everyType;

const RETRY_BASE_MS = 5000;
const RETRY_MAX_MS = 300_000;

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();
const openListeners = new Set<() => void>();
let source: EventSource | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

function dispatch(e: MessageEvent<string>): void {
  let event: LiveEvent;
  try {
    event = JSON.parse(e.data) as LiveEvent;
  } catch {
    return;
  }
  for (const listener of listeners) listener(event);
}

function connect(): void {
  if (source || retryTimer || typeof EventSource === 'undefined') return;
  const es = new EventSource('/api/events');
  source = es;
  for (const type of TYPES) es.addEventListener(type, dispatch);
  es.addEventListener('open', () => {
    failures = 0;
    for (const listener of openListeners) listener();
  });
  es.addEventListener('error', () => {
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
  source?.close();
  source = undefined;
  clearTimeout(retryTimer);
  retryTimer = undefined;
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
