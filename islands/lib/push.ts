// Web push from the browser's side (SPEC.md §3 push state, §7): register /sw-push.js?v=2, ask for
// permission, subscribe with the site's VAPID key and hand the subscription to the server.
import { api } from './api-client.js';

export type PushOutcome = 'subscribed' | 'denied' | 'unsupported' | 'failed';
const PUSH_STATE_KEY = 'amora.push';

export function pushCapable(publicKey: string): boolean {
  return Boolean(publicKey) && typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
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
    const subscription = await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    await api('/api/user.php?push=1', { method: 'POST', csrfToken, body: { subscription: subscription.toJSON() } });
    remember('subscribed');
    return 'subscribed';
  } catch {
    return 'failed';
  }
}
