// Secrets the embedded setup generates on first start and keeps in the database, so that every
// process (and every restart) shares them: the session secret and the VAPID keys for web push.
import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { Db } from '../../db.js';

export class KeysService {
  constructor(private readonly db: Db) {}

  /** Reads a key, creating it once; concurrent first starts agree on the stored value. */
  async getOrCreate(name: string, make: () => string): Promise<string> {
    const existing = await this.db('app_keys').where({ name }).first('value');
    if (existing) return String(existing.value);
    await this.db('app_keys').insert({ name, value: make(), created_at: Date.now() }).onConflict('name').ignore();
    const row = await this.db('app_keys').where({ name }).first('value');
    return String(row.value);
  }

  sessionSecret(): Promise<string> {
    return this.getOrCreate('session_secret', () => randomBytes(48).toString('base64url'));
  }

  async vapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
    const json = await this.getOrCreate('vapid', () => JSON.stringify(webpush.generateVAPIDKeys()));
    return JSON.parse(json) as { publicKey: string; privateKey: string };
  }
}
