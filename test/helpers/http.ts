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
