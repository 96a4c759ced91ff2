// Presence from the outside, over plain HTTP on a listening server (the event streams need one):
// members with their login cookie, the page-hidden beacon as a browser sends it, and what another
// member is told about a profile.
import type { Db } from '../../server/db.js';
import type { PresenceView } from '../../types/presence.js';
import { EventStreamClient, loginCookie } from './event-stream.js';
import { createMember } from './members.js';

export interface HttpMember {
  id: number;
  profileId: number;
  email: string;
  password: string;
  cookie: string;
}

export async function httpMember(db: Db, baseUrl: string, name: string): Promise<HttpMember> {
  const m = await createMember(db, { name });
  const profileId = Number((await db('profiles').where({ user_id: m.id }).first('id')).id);
  return { ...m, profileId, cookie: await loginCookie(baseUrl, m.email, m.password) };
}

/** A member's CSRF token, and the cookies it pairs with (the session's and the token cookie the page set). */
export async function csrfOf(baseUrl: string, cookie: string | undefined): Promise<{ token: string; cookie: string }> {
  const page = await fetch(`${baseUrl}/members`, { headers: cookie ? { cookie } : {} });
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1];
  if (!token) throw new Error('no csrf token');
  const set = page.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return { token, cookie: [cookie, ...set].filter(Boolean).join('; ') };
}

/** Opens a member's event stream and waits for its id (the first event). */
export async function openStream(baseUrl: string, cookie: string): Promise<{ stream: EventStreamClient; id: string }> {
  const stream = await EventStreamClient.open(baseUrl, cookie);
  const { id } = await stream.nextOf<{ id: string }>('stream');
  await stream.nextOf('credits');
  return { stream, id };
}

/** navigator.sendBeacon('/api/page-hidden.php?_csrf=…&stream=…', Blob('{}', application/json)) */
export function sendBeacon(baseUrl: string, o: { cookie?: string; token?: string; stream?: string; query?: string; body?: string; origin?: string }): Promise<Response> {
  const params = new URLSearchParams();
  if (o.token) params.set('_csrf', o.token);
  if (o.stream) params.set('stream', o.stream);
  const query = [params.toString(), o.query].filter(Boolean).join('&');
  return fetch(`${baseUrl}/api/page-hidden.php${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sec-fetch-site': o.origin ? 'cross-site' : 'same-origin',
      origin: o.origin ?? baseUrl,
      ...(o.cookie ? { cookie: o.cookie } : {}),
    },
    body: o.body ?? '{}',
  });
}

/** What GET /api/presence.php tells `viewerCookie` about a profile (undefined: left out). */
export async function presenceSeenBy(baseUrl: string, viewerCookie: string, profileId: number): Promise<PresenceView | null | undefined> {
  const res = await fetch(`${baseUrl}/api/presence.php?profiles=${profileId}`, { headers: { cookie: viewerCookie, accept: 'application/json' } });
  if (res.status !== 200) throw new Error(`presence answered ${res.status}`);
  return ((await res.json()) as { presence: Record<string, PresenceView | null> }).presence[String(profileId)];
}

/** The presence state a profile page shows (`data-presence`), or null when it shows none. */
export async function presenceOnProfilePage(baseUrl: string, viewerCookie: string | undefined, profileId: number): Promise<string | null> {
  const res = await fetch(`${baseUrl}/members/${profileId}`, { headers: viewerCookie ? { cookie: viewerCookie } : {} });
  if (res.status !== 200) throw new Error(`profile page answered ${res.status}`);
  const html = await res.text();
  const head = html.slice(html.indexOf('profile__head'), html.indexOf('profile__media'));
  return /data-presence="(\w+)"/.exec(head)?.[1] ?? null;
}

/** Polls until `check` holds (a close travels through the network and the stream's close handler). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
