// Small helpers for supertest: a visitor agent that keeps cookies and reads CSRF tokens.
import type { Express } from 'express';
import supertest from 'supertest';

export function agent(app: Express, host = 'localhost') {
  return supertest.agent(app).set('Host', host);
}

/** The CSRF token a page carries in its <meta name="csrf-token">. */
export function csrfFrom(html: string): string {
  const m = /<meta name="csrf-token" content="([^"]+)"/.exec(html);
  if (!m) throw new Error('no csrf token on the page');
  return m[1]!;
}

/** An agent logged in as the given member through the login form. */
export async function loggedInAgent(app: Express, email: string, password: string, host = 'localhost') {
  const a = agent(app, host);
  const page = await a.get('/login').expect(200);
  await a.post('/login').type('form').send({ _csrf: csrfFrom(page.text), email, password }).expect(303);
  return a;
}

/** An answer as it came: status, headers and the body's bytes (compressed bodies as supertest reads them). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET (or HEAD) to `app` for localhost with these headers, its body kept as bytes. */
export async function rawAnswer(app: Express, path: string, headers: Record<string, string>, method: 'get' | 'head' = 'get'): Promise<RawAnswer> {
  let req = supertest(app)[method](path).set('Host', 'localhost').buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  const res = await req;
  return { status: res.status, headers: res.headers as RawAnswer['headers'], body: res.body as Buffer };
}
