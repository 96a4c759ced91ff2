// The chat-send scenario (DESIGN.md §8: at least 1,000 messages/s with the credit debit and live
// delivery): pairs of members, each receiver with an open event stream, the senders posting
// through POST /api/messages.php with a fresh client id per message.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { createDb } from '../server/db.js';
import { hashPassword } from '../server/lib/passwords.js';
import { applyCreditDelta } from '../server/repos/credits-repo.js';
import { cpuTimeMs, peakRssMb, resetPeakRss, type Target } from './processes.js';

const PAIRS = 25;
const PASSWORD = 'bench chat password';

interface Sender {
  cookie: string;
  token: string;
  receiverProfileId: number;
}

/** Adds PAIRS sender/receiver members (senders with plenty of credits, through the ledger). */
export async function addChatMembers(url: string): Promise<ChatMembers> {
  const db = createDb(url);
  const hash = await hashPassword(PASSWORD);
  const senders: string[] = [];
  const receivers: string[] = [];
  const senderProfileIds: number[] = [];
  try {
    const now = Date.now();
    for (let i = 0; i < PAIRS * 2; i++) {
      const email = `bench-chat-${i}-${randomBytes(3).toString('hex')}@amora.local`;
      const [userId] = await db('users').insert({ site_id: 1, email, password_hash: hash, status: 'active', paid_user: true, language: 'en', signup_date: now, confirmed_at: now, created_at: now, updated_at: now });
      const [profileId] = await db('profiles').insert({ user_id: userId, name: `Chat${i}`, gender: i % 2 ? 'female' : 'male', sexuality: 'hetero', birth_date: '1990-01-01', country: 'GB', last_active_at: now, created_at: now, updated_at: now });
      if (i % 2 === 0) {
        await db.transaction((tx) => applyCreditDelta(tx, { userId: Number(userId), delta: 10_000_000, reason: 'grant' }));
        senders.push(email);
        senderProfileIds.push(Number(profileId));
      } else {
        receivers.push(email);
      }
    }
  } finally {
    await db.destroy();
  }
  return { url, senders, receivers, senderProfileIds };
}

export interface ChatMembers {
  url: string;
  senders: string[];
  receivers: string[];
  senderProfileIds: number[];
}

/** Messages the senders' conversations hold: what the app stored, whatever the load generator saw of it. */
async function storedMessages(members: ChatMembers): Promise<number> {
  const db = createDb(members.url);
  try {
    const row = (await db('messages').whereIn('sender_profile_id', members.senderProfileIds).count({ n: '*' }).first()) as { n: number | string } | undefined;
    return Number(row?.n ?? 0);
  } finally {
    await db.destroy();
  }
}

/** Cookies by name, later ones replacing earlier ones, as a browser keeps them. */
function jar(...setCookieLists: string[][]): string {
  const cookies = new Map<string, string>();
  for (const list of setCookieLists) {
    for (const c of list) {
      const pair = c.split(';')[0]!;
      cookies.set(pair.slice(0, pair.indexOf('=')), pair);
    }
  }
  cookies.set('amora_entry', 'amora_entry=1');
  return [...cookies.values()].join('; ');
}

async function logIn(target: Target, email: string): Promise<{ cookie: string; token: string; profileId: number }> {
  const page = await fetch(`${target.url}/login`, { headers: { host: 'localhost' } });
  const visitorToken = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())![1]!;
  const visitorCookies = page.headers.getSetCookie();
  const res = await fetch(`${target.url}/api/user.php`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', 'x-csrf-token': visitorToken, cookie: jar(visitorCookies) },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`bench chat: login of ${email} failed with ${res.status}`);
  const user = (await res.json()) as { user: { profile: { id: number } } };
  const loginCookies = res.headers.getSetCookie();
  const settings = await fetch(`${target.url}/settings`, { headers: { host: 'localhost', cookie: jar(visitorCookies, loginCookies) } });
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await settings.text())?.[1];
  if (!token) throw new Error('bench chat: no CSRF token for a member');
  // The member's token pairs with the CSRF cookie the member's page set.
  return { cookie: jar(visitorCookies, loginCookies, settings.headers.getSetCookie()), token, profileId: user.user.profile.id };
}

/** Opens one event stream per receiver and counts each chat message (by id) that arrives on them. */
async function openStreams(target: Target, cookies: string[]): Promise<{ seen: Map<number, number>; close: () => void }> {
  const seen = new Map<number, number>();
  const controller = new AbortController();
  await Promise.all(
    cookies.map(async (cookie) => {
      const res = await fetch(`${target.url}/api/events`, { headers: { host: 'localhost', cookie, accept: 'text/event-stream' }, signal: controller.signal });
      if (res.status !== 200 || !res.body) throw new Error(`bench chat: GET /api/events answered ${res.status}`);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            buffer += decoder.decode(value, { stream: true });
            const events = buffer.split('\n\n');
            buffer = events.pop()!;
            for (const event of events) {
              if (!event.includes('event: message\n')) continue;
              const data = /^data: (.*)$/m.exec(event)?.[1];
              const id = data ? (JSON.parse(data) as { message: { id: number } }).message.id : NaN;
              seen.set(id, (seen.get(id) ?? 0) + 1);
            }
          }
        } catch {
          // aborted at the end
        }
      })();
    }),
  );
  return { seen, close: () => controller.abort() };
}

export interface ChatSendMeasured {
  sent: number;
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  /** Messages the app stored over the warm-up and the measured run (requests cut off at the end of a run included). */
  stored: number;
  /** Distinct messages that arrived on a stream. */
  deliveredDistinct: number;
  /** Arrivals beyond the first of a message (0 when each arrived exactly once). */
  duplicates: number;
  /** The app process's CPU time per message sent during the measured run (ms), where known. */
  cpuMsPerMessage: number | undefined;
  /** The app's peak memory before the measured run (the 50 members' logins, scrypt), MB. */
  peakRssBeforeMb: number | undefined;
}

export async function measureChatSend(target: Target, members: ChatMembers, opts: { duration: number; connections: number }): Promise<ChatSendMeasured> {
  const receivers = await Promise.all(members.receivers.map((e) => logIn(target, e)));
  const senders: Sender[] = await Promise.all(
    members.senders.map(async (e, i) => {
      const s = await logIn(target, e);
      return { cookie: s.cookie, token: s.token, receiverProfileId: receivers[i]!.profileId };
    }),
  );
  const streams = await openStreams(target, receivers.map((r) => r.cookie));
  let n = 0;
  const base = {
    url: `${target.url}/api/messages.php`,
    method: 'POST' as const,
    connections: opts.connections,
    timeout: 10,
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const s = senders[n++ % senders.length]!;
          return {
            ...req,
            headers: { host: 'localhost', cookie: s.cookie, 'x-csrf-token': s.token, 'content-type': 'application/json' },
            body: JSON.stringify({ profile: s.receiverProfileId, body: `bench message ${n}`, client_id: `b${n.toString(36)}${randomBytes(6).toString('hex')}` }),
          };
        },
      },
    ],
  };
  await autocannon({ ...base, duration: 2 });
  const peakRssBeforeMb = peakRssMb(target.pid);
  resetPeakRss(target.pid);
  const cpuBefore = cpuTimeMs(target.pid);
  const r = await autocannon({ ...base, duration: opts.duration });
  const cpuAfter = cpuTimeMs(target.pid);
  // Deliveries still on their way (Redis, the relay poll) get a moment to arrive.
  // Requests cut off at the end are still being answered and delivered: wait until the stored
  // count holds still and the streams have caught up with it (or 10 s).
  let stored = -1;
  for (let waited = 0; waited < 10_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await storedMessages(members);
    if (now === stored && streams.seen.size >= stored) break;
    stored = now;
  }
  streams.close();
  const duplicates = [...streams.seen.values()].reduce((sum, n) => sum + n - 1, 0);
  const sent = r['2xx'];
  const cpuMsPerMessage = cpuBefore !== undefined && cpuAfter !== undefined && sent > 0 ? (cpuAfter - cpuBefore) / sent : undefined;
  return {
    sent, perSecond: sent / opts.duration, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors,
    stored, deliveredDistinct: streams.seen.size, duplicates, cpuMsPerMessage, peakRssBeforeMb,
  };
}
