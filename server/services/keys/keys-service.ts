// Secrets the embedded setup generates on first start and keeps in the database, so that every
// process (and every restart) shares them: the session secret, the VAPID keys for web push and the
// key that signs unsubscribe links.
import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { Db, Runner } from '../../db.js';

export class KeysService {
  constructor(private readonly db: Db) {}

  /** Reads a key, creating it once; concurrent first starts agree on the stored value. */
  async getOrCreate(name: string, make: () => string, db: Runner = this.db): Promise<string> {
    const existing = await db('app_keys').where({ name }).first('value');
    if (existing) return String(existing.value);
    await db('app_keys').insert({ name, value: make(), created_at: Date.now() }).onConflict('name').ignore();
    const row = await db('app_keys').where({ name }).first('value');
    return String(row.value);
  }

  sessionSecret(): Promise<string> {
    return this.getOrCreate('session_secret', () => randomBytes(48).toString('base64url'));
  }

  /** Signs the one-click unsubscribe links in mails (RFC 8058); see unsubscribe-links.ts. */
  unsubscribeKey(db: Runner = this.db): Promise<string> {
    return this.getOrCreate('unsubscribe_hmac', () => randomBytes(32).toString('base64url'), db);
  }

  async vapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
    const json = await this.getOrCreate('vapid', () => JSON.stringify(webpush.generateVAPIDKeys()));
    return JSON.parse(json) as { publicKey: string; privateKey: string };
  }
}
