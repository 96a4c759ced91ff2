// One push to one browser's push service (RFC 8030 with VAPID, RFC 8292, and the aes128gcm payload
// of RFC 8291, all done by the web-push package), with a deadline and a circuit per push service
// host: when FCM or Mozilla's service is down, its circuit opens and the worker stops waiting on it
// while the other services' browsers still get their pushes. The answer is turned into what the
// worker does next with that subscription.
import type { Agent } from 'node:https';
import webpush from 'web-push';
import { circuitFor } from '../../lib/circuit.js';
import type { PushPayload } from '../../../types/notifications.js';
import { shrunk, topicOf, ttlSecondsOf, urgencyOf } from './push-payload.js';

// web-push is CommonJS: its error class is read off the default export.
const { WebPushError } = webpush;
type WebPushError = webpush.WebPushError;

/** The deadline of one call to a push service (they answer in well under a second when healthy). */
export const PUSH_SEND_DEADLINE_MS = 10_000;
/** How long an open circuit keeps the worker away from a push service. */
export const PUSH_CIRCUIT_RESET_MS = 30_000;

export interface Vapid {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type SendOutcome =
  | { kind: 'delivered' }
  /** 404/410: the browser dropped the subscription; it is deleted. */
  | { kind: 'gone'; status: number }
  /** Another 4xx (or 413 even shrunk): this subscription does not get this push. */
  | { kind: 'rejected'; status: number }
  /** 429, 5xx, a timeout or an open circuit: try again later; `countsAttempt` is false when nothing was tried. */
  | { kind: 'retry'; afterMs: number; countsAttempt: boolean; reason: string };

export interface SendOptions {
  vapid: Vapid;
  /** Trusts the test stand-in's own certificate (tests); production uses the system's roots. */
  agent?: Agent;
  now: number;
}

/** Sends `payload`; a 413 gets one more try with the shrunk payload. */
export async function sendPush(subscription: BrowserSubscription, payload: PushPayload, opts: SendOptions): Promise<SendOutcome> {
  const first = await sendOnce(subscription, payload, opts);
  if (first.kind !== 'rejected' || first.status !== 413) return first;
  return sendOnce(subscription, shrunk(payload), opts);
}

async function sendOnce(subscription: BrowserSubscription, payload: PushPayload, opts: SendOptions): Promise<SendOutcome> {
  const host = new URL(subscription.endpoint).host;
  const circuit = circuitFor(`push ${host}`, {
    timeoutMs: PUSH_SEND_DEADLINE_MS,
    resetMs: PUSH_CIRCUIT_RESET_MS,
    // A few busy answers from a service that handles a site's every push are no outage yet.
    failuresToOpen: 5,
    // A 4xx other than 429 is about this subscription or payload, not the service's health.
    isServiceFault: (err) => !(err instanceof WebPushError) || err.statusCode === 429 || err.statusCode >= 500,
  });
  if (circuit.state() === 'open') return { kind: 'retry', afterMs: PUSH_CIRCUIT_RESET_MS, countsAttempt: false, reason: `circuit open for ${host}` };
  let answer: WebPushError | undefined;
  try {
    await circuit.run(async () => {
      try {
        return await webpush.sendNotification(subscription, JSON.stringify(payload), {
          vapidDetails: opts.vapid,
          TTL: ttlSecondsOf(payload.type),
          urgency: urgencyOf(payload.type),
          topic: topicOf(payload),
          timeout: PUSH_SEND_DEADLINE_MS,
          agent: opts.agent,
          contentEncoding: 'aes128gcm',
        });
      } catch (err) {
        // The circuit turns service faults into a bare 503; the push service's own answer is kept here.
        if (err instanceof WebPushError) answer = err;
        throw err;
      }
    });
    return { kind: 'delivered' };
  } catch (err) {
    if (!answer) return { kind: 'retry', afterMs: 0, countsAttempt: true, reason: err instanceof Error ? err.message : String(err) };
    return outcomeOf(answer, opts.now);
  }
}

function outcomeOf(err: WebPushError, now: number): SendOutcome {
  const status = err.statusCode;
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) {
    return { kind: 'retry', afterMs: retryAfterMs(err.headers?.['retry-after'], now), countsAttempt: true, reason: `push service answered ${status}` };
  }
  return { kind: 'rejected', status };
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3); 0 when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: number): number {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return 0;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}
