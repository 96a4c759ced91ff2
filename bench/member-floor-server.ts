// Bench member floor (issue 17): the reference page (bench/reference-page.ts) behind the least that
// any member page on this stack does before its own work: cookie-parser and express-session reading
// the session from SQLite, the member's row, and 24 cards read by primary key, then
// renderToString. No CSRF token, no translations, no layout, no islands, no search: a lower bound.
// It is not a budget; its ratio to the reference says how much of the 2× budget of a member page
// (DESIGN.md §8) the stack itself takes, so that a member page's ratio can be read beside it.
import { createRequire } from 'node:module';
import cookieParser from 'cookie-parser';
import express from 'express';
import { serveBenchApp } from './serve-bench-app.js';
import session from 'express-session';
import { renderToString } from 'react-dom/server';
import { createElement as h } from 'react';
import type { SqliteConnection } from '../server/db.js';
import { CITIES, Page, type Card } from './reference-page.js';

// better-sqlite3 ships no types; the app's own interface of a connection (server/db.ts) is enough.
const Database = createRequire(import.meta.url)('better-sqlite3') as new (filename: string) => SqliteConnection & { exec(sql: string): void };

const PROFILES = 100_000;
const MEMBERS = 1_000;
const SECRET = 'bench-member-floor-secret-0123456789abcdef';

const db = new Database(':memory:');
db.exec(`
  CREATE TABLE sessions (sid TEXT PRIMARY KEY, sess TEXT NOT NULL, expired INTEGER NOT NULL);
  CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, credits INTEGER NOT NULL, unread INTEGER NOT NULL);
  CREATE TABLE profiles (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL, city TEXT NOT NULL, photo TEXT NOT NULL);
`);
db.transaction(() => {
  const user = db.prepare('INSERT INTO users (id, name, credits, unread) VALUES (?, ?, ?, ?)');
  for (let id = 1; id <= MEMBERS; id++) user.run(id, `Member ${id}`, id % 500, id % 7);
  const profile = db.prepare('INSERT INTO profiles (id, name, age, city, photo) VALUES (?, ?, ?, ?, ?)');
  for (let id = 1; id <= PROFILES; id++) profile.run(id, `Member ${id}`, 20 + (id % 40), CITIES[id % CITIES.length]!, `/media/${id.toString(16).padStart(32, '0')}_thumb.jpg`);
})();

const readSession = db.prepare('SELECT sess FROM sessions WHERE sid = ? AND expired > ?');
const writeSession = db.prepare('INSERT OR REPLACE INTO sessions (sid, sess, expired) VALUES (?, ?, ?)');
const dropSession = db.prepare('DELETE FROM sessions WHERE sid = ?');
const readMember = db.prepare('SELECT id, name, credits, unread FROM users WHERE id = ?');
const readCards = db.prepare('SELECT id, name, age, city, photo FROM profiles WHERE id > ? ORDER BY id LIMIT 24');

/** A session store on the same SQLite as the app's default (one row per session, JSON). */
class SqliteStore extends session.Store {
  get(sid: string, done: (err: unknown, sess?: session.SessionData | null) => void): void {
    const row = readSession.get(sid, Date.now()) as { sess: string } | undefined;
    done(null, row ? (JSON.parse(row.sess) as session.SessionData) : null);
  }
  set(sid: string, sess: session.SessionData, done?: (err?: unknown) => void): void {
    writeSession.run(sid, JSON.stringify(sess), Date.now() + 30 * 24 * 3600 * 1000);
    done?.();
  }
  destroy(sid: string, done?: (err?: unknown) => void): void {
    dropSession.run(sid);
    done?.();
  }
}

declare module 'express-session' {
  interface SessionData {
    memberId?: number;
  }
}

const app = express();
app.disable('x-powered-by');
app.use(cookieParser());
app.use(session({ name: 'floor.sid', secret: SECRET, store: new SqliteStore(), resave: false, saveUninitialized: false, cookie: { httpOnly: true, sameSite: 'lax', maxAge: 30 * 24 * 3600 * 1000 } }));
// The bench's login: a session for a member, whose cookie the measured requests send.
app.post('/login', (req, res) => {
  req.session.memberId = 1 + Math.floor(Math.random() * MEMBERS);
  res.status(204).end();
});
app.get('/', (req, res) => {
  const member = req.session.memberId === undefined ? undefined : (readMember.get(req.session.memberId) as { name: string; credits: number; unread: number } | undefined);
  if (!member) return void res.status(403).end();
  const page = Number(req.query.page ?? Math.floor(Math.random() * (PROFILES / 24 - 1))) || 0;
  const cards = readCards.all(page * 24) as Card[];
  const greeting = `${member.name}: ${member.credits} credits, ${member.unread} unread`;
  res.type('html').send(`<!doctype html>${renderToString(h(Page, { cards, greeting }))}`);
});

serveBenchApp(app);
