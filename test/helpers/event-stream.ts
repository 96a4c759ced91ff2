// Reads GET /api/events on a listening server as a browser's EventSource would (supertest buffers
// responses, so it cannot follow a stream), and logs members in over plain HTTP for it.
import http from 'node:http';

export interface StreamEvent {
  event: string;
  data: string;
  id: string | undefined;
}

interface Waiter {
  match: (e: StreamEvent) => boolean;
  resolve: (e: StreamEvent) => void;
}

export class EventStreamClient {
  readonly events: StreamEvent[] = [];
  retry: number | undefined;
  ended = false;
  private buffer = '';
  private waiters: Waiter[] = [];
  private endWaiters: (() => void)[] = [];

  private constructor(
    private readonly req: http.ClientRequest,
    readonly status: number,
    readonly headers: http.IncomingHttpHeaders,
    res: http.IncomingMessage,
  ) {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => this.feed(chunk));
    res.on('close', () => {
      this.ended = true;
      for (const done of this.endWaiters.splice(0)) done();
    });
  }

  /** Opens the stream; resolves once the response headers arrived (any status). */
  static open(baseUrl: string, cookie?: string, path = '/api/events'): Promise<EventStreamClient> {
    return new Promise((resolve, reject) => {
      const req = http.get(`${baseUrl}${path}`, { headers: { Accept: 'text/event-stream', ...(cookie ? { Cookie: cookie } : {}) } }, (res) =>
        resolve(new EventStreamClient(req, res.statusCode ?? 0, res.headers, res)),
      );
      req.on('error', reject);
    });
  }

  /** The first event (already received or still to come) that `match` accepts. */
  next(match: (e: StreamEvent) => boolean, timeoutMs = 5000): Promise<StreamEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`));
      }, timeoutMs);
      const waiter: Waiter = {
        match,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** The next event of a type, parsed. */
  async nextOf<T = unknown>(type: string, timeoutMs?: number): Promise<T> {
    return JSON.parse((await this.next((e) => e.event === type, timeoutMs)).data) as T;
  }

  /** Resolves when the server ended the stream. */
  whenEnded(): Promise<void> {
    return this.ended ? Promise.resolve() : new Promise((resolve) => this.endWaiters.push(resolve));
  }

  close(): void {
    this.req.destroy();
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const e: StreamEvent = { event: 'message', data: '', id: undefined };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') e.event = value;
        else if (field === 'id') e.id = value;
        else if (field === 'retry') this.retry = Number(value);
        else if (field === 'data') {
          e.data = hasData ? `${e.data}\n${value}` : value;
          hasData = true;
        }
      }
      if (!hasData) continue;
      this.events.push(e);
      for (const w of this.waiters.filter((x) => x.match(e))) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve(e);
      }
    }
  }
}

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!);

/** Logs a member in through the login form of a listening server; returns the Cookie header. */
export async function loginCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const page = await fetch(`${baseUrl}/login`);
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1];
  if (!token) throw new Error('no csrf token on the login page');
  const jar = cookiesOf(page);
  const res = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.join('; ') },
    body: new URLSearchParams({ _csrf: token, email, password }).toString(),
  });
  if (res.status !== 303) throw new Error(`login failed with ${res.status}`);
  const sid = cookiesOf(res).find((c) => c.startsWith('amora.sid='));
  if (!sid) throw new Error('login set no session cookie');
  return sid;
}
