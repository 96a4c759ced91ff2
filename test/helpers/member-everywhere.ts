// A member with data in every place the site keeps any, and the search for what is left of them
// in every table of the schema, every file under DATA_DIR, the SQLite files and Redis: shared by the
// erasure tests (purge and "Delete now") and the data export's tests.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { isSqlite, type Db } from '../../server/db.js';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import { insertMandate } from '../../server/repos/direct-debit-repo.js';
import { upsertSubscription } from '../../server/repos/push-repo.js';
import type { ChatMessage } from '../../types/chat.js';
import type { TestEnv } from './backends.js';
import { agent, csrfFrom } from './http.js';
import { createMember } from './members.js';

let seq = 0;
const clientId = () => `e${Date.now().toString(36)}${(seq++).toString(36).padStart(4, '0')}x`;

/**
 * A valid Dutch IBAN of this member alone: a shared test IBAN (other suites use NL91ABNA0417164300)
 * would be found in their rows and fail the search for this member's data.
 */
function ibanFor(tag: string): string {
  const account = String(parseInt(tag, 16)).padStart(10, '0').slice(-10);
  // ISO 13616: check digits make BBAN + 'NL00' (letters as numbers, A = 10) equal 1 modulo 97.
  const digits = `ABNA${account}NL00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = 98 - Number(BigInt(digits) % 97n);
  return `NL${String(check).padStart(2, '0')}ABNA${account}`;
}
/**
 * Tables that keep rows under the erased member's id for the books; they must hold nothing personal.
 * terms_acceptances: which terms version the payments were made under (a version date and a time).
 */
export const BOOKS = ['credit_ledger', 'payments', 'direct_debit_mandates', 'discount_redemptions', 'discount_codes', 'terms_acceptances'];
/** Tables that keep the erased profile's id so the partner's conversation stays (messages as "deleted"). */
const CONVERSATION_TABLES = ['conversations', 'conversation_participants', 'messages'];
/** The erased profile itself ("Deleted", no texts) stays for those conversations. */
const KEPT = [...BOOKS, 'profiles'];

export async function tableNames(db: Db): Promise<string[]> {
  if (isSqlite(db)) return ((await db('sqlite_master').where('type', 'table').pluck('name')) as string[]).filter((n) => !n.startsWith('sqlite_'));
  const [rows] = (await db.raw('SHOW TABLES')) as [Record<string, string>[]];
  return rows.map((r) => String(Object.values(r)[0]));
}

function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).map((f) => join(dir, f)).filter((f) => statSync(f).isFile());
}

export interface Subject {
  userId: number;
  profileId: number;
  needles: string[];
  fileKeys: string[];
}

/** Every place that still holds the subject, as "where: what" lines. */
export async function leaksOf(env: TestEnv, s: Subject): Promise<string[]> {
  const leaks: string[] = [];
  const db = env.rt.db;
  const needles = s.needles.map((n) => n.toLowerCase());
  for (const table of await tableNames(db)) {
    for (const row of (await db(table).select('*')) as Record<string, unknown>[]) {
      const text = JSON.stringify(row).toLowerCase();
      for (const n of [...needles, ...s.fileKeys]) if (text.includes(n)) leaks.push(`${table}: "${n}" in ${text.slice(0, 160)}`);
      for (const [column, value] of Object.entries(row)) {
        if (column === 'user_id' && Number(value) === s.userId && !KEPT.includes(table)) leaks.push(`${table}: a row of user ${s.userId}`);
        if (/profile_id$|^profile_(low|high)_id$/.test(column) && Number(value) === s.profileId && !CONVERSATION_TABLES.includes(table)) {
          leaks.push(`${table}: a row of profile ${s.profileId} (${column})`);
        }
      }
      if (table === 'sessions' && String(row.sess).includes(`"userId":${s.userId}`)) leaks.push(`sessions: a session of user ${s.userId}`);
      if (table === 'messages' && Number(row.sender_profile_id) === s.profileId && (row.kind !== 'deleted' || row.body !== null || row.photo_id !== null || row.gift_id !== null)) {
        leaks.push(`messages: ${row.id} still has its content`);
      }
    }
  }
  for (const file of filesUnder(env.rt.config.dataDir)) {
    if (s.fileKeys.some((k) => file.includes(k))) leaks.push(`file ${file}`);
    // Quoted-printable lines of the .eml files are joined again, so an address cannot hide in a break.
    const text = readFileSync(file).toString('latin1').replace(/=\r?\n/g, '').toLowerCase();
    for (const n of needles) if (text.includes(n)) leaks.push(`file ${file}: "${n}"`);
  }
  // SQLite's own file and its write-ahead log must not keep deleted rows readable either.
  const url = env.rt.config.databaseUrl;
  if (url.startsWith('sqlite:')) {
    for (const file of [url.slice('sqlite:'.length), `${url.slice('sqlite:'.length)}-wal`]) {
      const bytes = (() => {
        try {
          return readFileSync(file).toString('latin1').toLowerCase();
        } catch {
          return '';
        }
      })();
      for (const n of [...needles, ...s.fileKeys]) if (bytes.includes(n)) leaks.push(`database file ${file}: "${n}"`);
    }
  }
  const redis = env.rt.redis;
  if (redis) {
    for await (const keys of redis.scanIterator({ MATCH: 'amora:*', COUNT: 500 })) {
      for (const key of keys) {
        if (needles.some((n) => key.toLowerCase().includes(n)) || new RegExp(`:${s.userId}$`).test(key)) leaks.push(`redis ${key}`);
        if (key.startsWith('amora:sess:') && String(await redis.get(key)).includes(`"userId":${s.userId}`)) leaks.push(`redis session ${key}`);
      }
    }
  }
  return leaks;
}

/**
 * A member with data in every place the site keeps any, and a partner they wrote to (who wrote
 * back, from an address of their own). With `deletion`, the member has asked to delete the account
 * (14 days pending); without, the account is active and logged in (`web`).
 */
export async function memberEverywhere(env: TestEnv, o: { deletion: boolean }) {
  const db = () => env.rt.db;
  const tag = randomBytes(4).toString('hex');
  const ip = `198.51.100.${(parseInt(tag.slice(0, 2), 16) % 200) + 20}`;
  const v = {
    email: `erase-me-${tag}@example.com`, newEmail: `erase-new-${tag}@example.org`, name: `Quillon${tag}`, ip,
    iban: ibanFor(tag), phone: `+3161${parseInt(tag, 16) % 10_000_000}`.padEnd(12, '7'), holder: `Holder Quillon${tag}`,
    street: `Erasestraat${tag}`, about: `about-me-${tag}`, tracking: `trk-${tag}`, text: `secret words ${tag}`,
    caption: `beach caption ${tag}`, giftNote: `gift note ${tag}`, remarks: `met someone ${tag}`, complaint: `complaint ${tag}`,
  };
  const m = await createMember(db(), { email: v.email, name: v.name });
  const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
  await db()('users').where({ id: m.id }).update({ signup_ip: ip, network: v.tracking, ref: v.tracking, sub1: v.tracking, signup_reason: 'date', search_filters: JSON.stringify({ city: v.street }), daily_limit: 90000, spend_zone: 'Europe/Amsterdam' });
  await db()('profiles').where({ id: profileId }).update({ about: v.about, city: v.street, birth_date: '1991-07-23' });
  await db()('profile_interests').insert({ profile_id: profileId, interest_id: (await db()('interests').first('id')).id });
  await db()('terms_acceptances').insert({ user_id: m.id, terms_version: Date.UTC(2023, 11, 1, 12), accepted_at: Date.now(), source: 'signup' });
  await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: 500, reason: 'grant' }));

  const jpeg = await sharp({ create: { width: 500, height: 600, channels: 3, background: '#8ac' } }).jpeg().toBuffer();
  const own = await env.rt.services.photos.upload({ profileId, premium: false }, jpeg);

  // Logged in twice from their address; a wrong password leaves limiter counters (keyed by hashes of
  // address and IP since the login limits, so they hold nothing the search could find).
  const web = agent(env.app).set('X-Forwarded-For', ip);
  const login = async (a: typeof web, email: string, password: string, status: number) => {
    const page = await a.get('/login').expect(200);
    await a.post('/login').type('form').send({ _csrf: csrfFrom(page.text), email, password }).expect(status);
  };
  await login(web, v.email, m.password, 303);
  const second = agent(env.app).set('X-Forwarded-For', ip);
  await login(second, v.email, m.password, 303);
  await login(agent(env.app).set('X-Forwarded-For', ip), v.email, 'not the password', 401);
  const token = csrfFrom((await web.get('/settings').expect(200)).text);

  // The partner, and the chat: a text, a gift (with a note, which erasure must not rely on being empty), a photo.
  const p = await createMember(db(), { name: 'Partner' });
  const partnerProfileId = Number((await db()('profiles').where({ user_id: p.id }).first('id')).id);
  const send = (body: Record<string, unknown>) => web.post('/api/messages.php').set('x-csrf-token', token).send({ client_id: clientId(), ...body }).expect(201);
  const text = (await send({ profile: partnerProfileId, body: v.text })).body.message as ChatMessage;
  const gift = (await send({ conversation: text.conversation_id, gift: (await db()('gifts').first('id')).id })).body.message as ChatMessage;
  await db()('messages').where({ id: gift.id }).update({ body: v.giftNote });
  const photoRes = await web.post('/api/messages.php').set('x-csrf-token', token).field('conversation', String(text.conversation_id))
    .field('client_id', clientId()).field('body', v.caption).attach('photo', jpeg, 'me.jpg').expect(201);
  const chatKey = /\/([a-f0-9]{32})\.jpg$/.exec((photoRes.body.message as ChatMessage).photo!.full)![1]!;
  await web.post('/api/like.php').set('x-csrf-token', token).send({ profile: partnerProfileId }).expect(200);
  // The partner answers from their own address; their address, IP and settings are theirs alone.
  const partnerIp = `203.0.113.${(parseInt(tag.slice(2, 4), 16) % 200) + 20}`;
  const partnerWeb = agent(env.app).set('X-Forwarded-For', partnerIp);
  await login(partnerWeb, p.email, p.password, 303);
  const partnerToken = csrfFrom((await partnerWeb.get('/settings').expect(200)).text);
  const reply = `partner words ${tag}`;
  await db().transaction((tx) => applyCreditDelta(tx, { userId: p.id, delta: 50, reason: 'grant' }));
  await partnerWeb.post('/api/messages.php').set('x-csrf-token', partnerToken).send({ client_id: clientId(), conversation: text.conversation_id, body: reply }).expect(201);
  await db()('notification_settings').insert({ user_id: p.id, type: 'weekly_updates', channel: 'email', enabled: false, updated_at: Date.now() });
  await db()('likes').insert({ from_profile_id: partnerProfileId, to_profile_id: profileId, created_at: Date.now() });
  const stranger = await db()('profiles').whereNot('id', profileId).whereNot('id', partnerProfileId).first('id');
  await db()('blocks').insert({ blocker_profile_id: profileId, blocked_profile_id: stranger.id, created_at: Date.now() });

  // Money: a mandate, a paid direct debit and its credits, the SMS with the code.
  const mandateId = await insertMandate(db(), m.id, `AMR-${tag}`, { accountHolder: v.holder, iban: v.iban, street: v.street, houseNumber: '7', zip: '1011AB', city: 'Amsterdam', phone: v.phone }, Date.now());
  const bundle = await db()('bundles').first('id', 'credits', 'price_cents', 'currency');
  const now = Date.now();
  await db()('payments').insert({
    public_id: `pay${tag}`, user_id: m.id, bundle_id: bundle.id, credits: bundle.credits, amount_cents: bundle.price_cents, currency: bundle.currency,
    method: 'directdebit', provider: 'test', status: 'paid', site_id: 1, mandate_id: mandateId, paid_at: now, fulfilled_at: now, created_at: now, updated_at: now,
  });
  await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: Number(bundle.credits), reason: 'purchase', reference: `pay${tag}` }));
  await db()('sms_outbox').insert({ user_id: m.id, phone: v.phone, body: 'Your code: 123456', status: 'sent', attempts: 1, next_attempt_at: now, created_at: now });
  await db()('sms_outbox').insert({ user_id: null, phone: v.phone, body: 'Your code: 654321', status: 'sent', attempts: 1, next_attempt_at: now, created_at: now });
  await db()('discount_codes').insert({ code: `WELCOME-${tag}`, value_percentage: 20, user_id: m.id, kind: 'welcome', created_at: now });
  await db()('otp_codes').insert({ user_id: m.id, purpose: 'direct_debit', reference: String(mandateId), code_hash: 'x'.repeat(64), expires_at: now, created_at: now });

  // Delivery and operations.
  await upsertSubscription(db(), m.id, randomBytes(32).toString('hex'), JSON.stringify({ endpoint: `https://push.example/${tag}`, keys: { p256dh: 'k', auth: 'a' } }));
  await db()('push_outbox').insert({ user_id: m.id, payload: JSON.stringify({ title: v.name }), status: 'pending', attempts: 0, next_attempt_at: now, created_at: now });
  await db()('notification_settings').insert({ user_id: m.id, type: 'like', channel: 'email', enabled: false, updated_at: now });
  await db()('notification_sends').insert({ user_id: m.id, kind: 'weekly_updates', period_key: '2026-W48', created_at: now });
  await db()('dismissals').insert({ user_id: m.id, alert: 'push', dismissed_at: now });
  await db()('daily_quotas').insert({ user_id: m.id, kind: 'swipe', day: '2026-11-23', used: 3 });
  await db()('event_relay').insert({ user_id: m.id, event: JSON.stringify({ type: 'message', body: v.text }), created_at: now });
  await db()('complaints').insert({ site_id: 1, user_id: m.id, name: v.name, email: v.email, subject: 'Spam', body: v.complaint, created_at: now });
  // The partner reported this profile: their complaint stays, without the pointer (the scan checks *profile_id columns).
  await db()('complaints').insert({ site_id: 1, user_id: p.id, name: 'Partner', email: p.email, subject: 'profile', body: 'a report', about_profile_id: profileId, created_at: now });
  await db()('audit_log').insert({ actor: 'cli:root', action: 'user.note', subject: v.email, details: JSON.stringify({ email: v.email, ip }), created_at: now });
  await db()('login_attempts').insert([{ subject: `email:1:${v.email}`, succeeded: false, created_at: now }, { subject: `ip:${ip}`, succeeded: false, created_at: now }]);

  // A pending change of address (mail to the new one), then the deletion (mail to the old one).
  await web.post('/settings/email').type('form').send({ _csrf: token, new_email: v.newEmail, email_password: m.password }).expect(200);
  if (o.deletion) await web.post('/settings/delete').type('form').send({ _csrf: token, reason: 'other', remarks: v.remarks, delete_password: m.password }).expect(303);
  await env.rt.services.mail.deliverDue();
  await env.rt.services.mail.deliverDue();
  // A bounce later suppressed the address (after the mails above were written).
  await db()('suppressions').insert({ email: v.email, reason: 'bounce', created_at: now });

  // Without a deletion the remarks are nowhere: they are no needle then.
  const needles = Object.entries(v).filter(([k]) => o.deletion || k !== 'remarks').map(([, n]) => n);
  const subject: Subject = { userId: m.id, profileId, needles, fileKeys: [own.fileKey, chatKey] };
  return {
    ...m, v, tag, profileId, subject, web, csrf: token, conversationId: text.conversation_id, mandateId, ownPhotoId: own.photoId, reply,
    partner: { ...p, profileId: partnerProfileId, ip: partnerIp },
  };
}

