// Web push from the browser's side (SPEC.md §3 push state, §7): register /sw-push.js?v=2, ask for
// permission, subscribe with the site's VAPID key and hand the subscription to the server.
import type { PushState } from '../../types/push.js';
import { api } from './api-client.js';

export type PushOutcome = 'subscribed' | 'denied' | 'unsupported' | 'failed';
const PUSH_STATE_KEY = 'amora.push';

export function pushCapable(publicKey: string): boolean {
  return Boolean(publicKey) && pushSupported();
}

/** The browser can receive web push at all (service workers, the Push API and notifications). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function remembered(): string | null {
  try {
    return localStorage.getItem(PUSH_STATE_KEY);
  } catch {
    return null;
  }
}

/**
 * This browser's push state (SPEC.md §3): 'denied' when the member blocked notifications or said
 * no to our prompt here (remembered, so it is not asked again), 'subscribed' when this browser
 * holds a push subscription of the site.
 */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = Notification.permission;
  if (permission === 'denied') return 'denied';
  if (permission === 'granted') {
    const registration = await navigator.serviceWorker.getRegistration('/').catch(() => undefined);
    const subscription = await registration?.pushManager.getSubscription().catch(() => null);
    return subscription ? 'subscribed' : 'not_subscribed';
  }
  return remembered() === 'denied' ? 'denied' : 'not_subscribed';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function remember(state: PushOutcome): void {
  try {
    localStorage.setItem(PUSH_STATE_KEY, state);
  } catch {
    /* storage disabled */
  }
}

const SUBSCRIBE_DEADLINE_MS = 15_000;

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('deadline')), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export async function subscribePush(publicKey: string, csrfToken: string): Promise<PushOutcome> {
  if (!pushCapable(publicKey)) return 'unsupported';
  try {
    const registration = await navigator.serviceWorker.register('/sw-push.js?v=2');
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      remember('denied');
      return 'denied';
    }
    const ready = await navigator.serviceWorker.ready.catch(() => registration);
    // The browser asks its own push service (FCM, Mozilla's, Apple's); one that cannot be reached
    // leaves subscribe() pending for good, so it gets a deadline like every other call.
    const subscription = await withDeadline(ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }), SUBSCRIBE_DEADLINE_MS);
    await api('/api/user.php?push=1', { method: 'POST', csrfToken, body: { subscription: subscription.toJSON() } });
    remember('subscribed');
    return 'subscribed';
  } catch {
    return 'failed';
  }
}
