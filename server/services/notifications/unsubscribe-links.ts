// One-click unsubscribe links (RFC 8058) for notification mails: https://{domain}/unsubscribe/{token}.
// The token names the member, the notification type and the address the mail went to, signed with
// HMAC-SHA256 under a key kept in the database (KeysService), so every process agrees and nobody
// can forge or alter one. It does not expire: a link in an old mail must keep working.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationType, NOTIFICATION_TYPES, type NotificationType } from '../../../types/notifications.js';
import type { Runner } from '../../db.js';
import type { KeysService } from '../keys/keys-service.js';

export interface UnsubscribeClaim {
  userId: number;
  type: NotificationType;
  email: string;
}

const VERSION = '1';
/** A real token is ~100-300 characters; anything far longer is not worth hashing. */
const MAX_TOKEN_LENGTH = 600;

export class UnsubscribeLinks {
  private key: Buffer | undefined;

  constructor(private readonly keys: Pick<KeysService, 'unsubscribeKey'>) {}

  /**
   * Loads (creating once) the key; boot does this before any request, so a caller's transaction
   * (`db`, which on SQLite is the only connection) never has to create it.
   */
  async warm(db?: Runner): Promise<Buffer> {
    this.key ??= Buffer.from(await this.keys.unsubscribeKey(db), 'utf8');
    return this.key;
  }

  /** `db`: the caller's transaction, when it holds one. */
  async token(c: UnsubscribeClaim, db?: Runner): Promise<string> {
    // Type by index and the address in base64url keep the token URL-safe and short.
    const body = `${VERSION}.${c.userId}.${NOTIFICATION_TYPES.indexOf(c.type)}.${Buffer.from(c.email.trim().toLowerCase(), 'utf8').toString('base64url')}`;
    return `${body}.${await this.mac(body, db)}`;
  }

  /**
   * The https URL for the List-Unsubscribe header and for a visible link in the mail's body
   * (services.unsubscribeLinks.url(site.domain, userId, email, type)).
   */
  async url(siteDomain: string, userId: number, email: string, type: NotificationType, db?: Runner): Promise<string> {
    return `https://${siteDomain}/unsubscribe/${await this.token({ userId, type, email }, db)}`;
  }

  /** The claim of a genuine token; undefined for anything malformed, altered or signed otherwise. */
  async verify(token: string): Promise<UnsubscribeClaim | undefined> {
    if (token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9._-]+$/.test(token)) return undefined;
    const parts = token.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) return undefined;
    const body = parts.slice(0, 4).join('.');
    // Compared as text: base64url decoding would let the last character's spare bits vary.
    const given = Buffer.from(parts[4]!, 'utf8');
    const expected = Buffer.from(await this.mac(body), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const userId = Number(parts[1]);
    const type = NOTIFICATION_TYPES[Number(parts[2])];
    const email = Buffer.from(parts[3]!, 'base64url').toString('utf8');
    if (!Number.isSafeInteger(userId) || userId < 1 || !isNotificationType(type) || !email.includes('@')) return undefined;
    return { userId, type, email };
  }

  private async mac(body: string, db?: Runner): Promise<string> {
    return createHmac('sha256', await this.warm(db)).update(`unsubscribe:${body}`).digest('base64url');
  }
}
