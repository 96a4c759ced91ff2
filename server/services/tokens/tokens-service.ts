// Single-use, expiring tokens for links sent by e-mail. Only a SHA-256 of the token is stored, so
// a leaked database does not hand out working links.
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Runner } from '../../db.js';
import * as repo from '../../repos/tokens-repo.js';

export type TokenPurpose = 'activation' | 'password_reset' | 'mail_change' | 'reactivation' | 'data_export';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export class TokensService {
  constructor(private readonly db: Db) {}

  /** A new token (43 URL-safe characters); earlier unused ones of the same purpose are retired. */
  async issue(userId: number, purpose: TokenPurpose, ttlMs: number, payload: unknown = null, tx: Runner = this.db): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await repo.retireTokens(tx, userId, purpose, now);
    await repo.insertToken(tx, { userId, purpose, hash: hash(token), payload: payload === null ? null : JSON.stringify(payload), expiresAt: now + ttlMs });
    return token;
  }

  /** The owner of a token that is still usable, without using it (to show a form). */
  async peek(purpose: TokenPurpose, token: string): Promise<{ userId: number } | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const row = await repo.findUsableToken(this.db, purpose, hash(token), Date.now());
    return row ? { userId: Number(row.user_id) } : undefined;
  }

  /** Uses a token once, inside the caller's transaction; undefined when expired, used or unknown. */
  async consume(purpose: TokenPurpose, token: string, tx: Runner): Promise<{ userId: number; payload: unknown } | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const now = Date.now();
    const row = await repo.findUsableToken(tx, purpose, hash(token), now);
    if (!row || !(await repo.useToken(tx, row.id, now))) return undefined;
    return { userId: Number(row.user_id), payload: row.payload === null ? null : JSON.parse(row.payload) };
  }

  /** Like consume(), for a link that also needs its owner's session: another member's token stays unused. */
  async consumeOwn(purpose: TokenPurpose, token: string, userId: number, tx: Runner): Promise<{ payload: unknown } | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const row = await repo.findUsableToken(tx, purpose, hash(token), Date.now());
    if (!row || Number(row.user_id) !== userId) return undefined;
    return this.consume(purpose, token, tx);
  }
}
