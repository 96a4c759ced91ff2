// Credits outside the chat: operators' grants and take-backs, the audit that proves every balance
// equals its ledger (DESIGN.md §6), and a member's balance and ledger history. Every change to a
// balance goes through applyCreditDelta, so it is a guarded update plus a ledger row in one transaction.
import type { Db } from '../../db.js';
import { ConflictError, InsufficientCreditsError, NotFoundError, ValidationError } from '../../errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { insertAuditEntry } from '../../repos/audit-log-repo.js';
import {
  applyCreditDelta, countUsers, creditBalance, findCreditAccounts, findLedgerByKey, latestLedgerRow, ledgerMismatches, ledgerPage,
  type CreditAccount, type LedgerMismatch, type LedgerRow,
} from '../../repos/credits-repo.js';

export const GRANT_MAX_AMOUNT = 1_000_000;
export const GRANT_REASON_MIN = 3;
export const GRANT_REASON_MAX = 150;
/** The stored key is "grant:<key>" in a 191-character column. */
export const GRANT_KEY_MAX = 185;
const REFERENCE_MAX = 191;
const HISTORY_MAX = 200;

export interface GrantOptions {
  /** What the grant answers to (a ticket, a complaint); "operator" when not given. */
  reference?: string;
  /** A replay with the same key returns the first grant's result and changes nothing. */
  idempotencyKey?: string;
  /** Who asked for it, for the audit log: "cli:<os user>". */
  actor: string;
  dryRun?: boolean;
}

export interface GrantResult {
  userId: number;
  email: string;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  /** The ledger row written (or found, on a replay); null on a dry run. */
  ledgerId: number | null;
  /** True when the key had been used already: nothing was changed now. */
  replayed: boolean;
  dryRun: boolean;
}

export interface AuditResult {
  checked: number;
  mismatches: LedgerMismatch[];
}

export class CreditsService {
  constructor(private readonly db: Db) {}

  async balanceOf(userId: number): Promise<number> {
    const balance = await creditBalance(this.db, userId);
    if (balance === undefined) throw new NotFoundError('user_not_found');
    return balance;
  }

  /** The member's ledger rows, newest first; pass the last shown id as `beforeId` for the next page. */
  async history(userId: number, limit: number, beforeId?: number): Promise<LedgerRow[]> {
    const n = Math.min(Math.max(Math.floor(limit) || 1, 1), HISTORY_MAX);
    return ledgerPage(this.db, userId, n, beforeId);
  }

  /** The account an operator names by id or e-mail address; an address on several sites needs the site. */
  async findAccount(by: { userId?: number; email?: string; siteDomain?: string }): Promise<CreditAccount> {
    const found = (await findCreditAccounts(this.db, by)).filter((a) => a.status !== 'deleted');
    if (!found.length) throw new NotFoundError('user_not_found');
    if (found.length > 1) throw new ConflictError('email_on_several_sites', 'invalidInput', { sites: found.map((a) => a.siteDomain).join(', ') });
    return found[0]!;
  }

  /** Adds (amount > 0) or takes back (amount < 0) credits; never below zero. */
  async grant(userId: number, amount: number, reason: string, opts: GrantOptions): Promise<GrantResult> {
    const note = checkGrant(amount, reason, opts.idempotencyKey);
    const key = opts.idempotencyKey === undefined ? null : `grant:${opts.idempotencyKey}`;
    const account = await this.findAccount({ userId });
    if (key) {
      const prior = await findLedgerByKey(this.db, key);
      if (prior) return replayOf(prior, account, amount);
    }
    if (opts.dryRun) {
      if (account.credits + amount < 0) throw new InsufficientCreditsError();
      return { userId, email: account.email, amount, balanceBefore: account.credits, balanceAfter: account.credits + amount, ledgerId: null, replayed: false, dryRun: true };
    }
    const reference = clip(`${opts.reference?.trim() || 'operator'}: ${note}`, REFERENCE_MAX);
    try {
      return await this.db.transaction(async (tx) => {
        const balanceAfter = await applyCreditDelta(tx, { userId, delta: amount, reason: 'grant', reference, idempotencyKey: key });
        if (balanceAfter === undefined) throw new InsufficientCreditsError();
        const row = key ? await findLedgerByKey(tx, key) : await latestLedgerRow(tx, userId);
        const result: GrantResult = {
          userId, email: account.email, amount, balanceBefore: balanceAfter - amount, balanceAfter, ledgerId: row?.id ?? null, replayed: false, dryRun: false,
        };
        await insertAuditEntry(tx, {
          actor: opts.actor,
          action: 'credits.grant',
          subject: `user:${userId}`,
          details: { amount, reason: note, reference, idempotencyKey: opts.idempotencyKey ?? null, balanceBefore: result.balanceBefore, balanceAfter, ledgerId: result.ledgerId },
        });
        return result;
      });
    } catch (err) {
      // A concurrent grant with the same key committed first (the unique index refused ours and
      // the transaction rolled back): the first result stands.
      if (!key || !isUniqueViolation(err)) throw err;
      const prior = await findLedgerByKey(this.db, key);
      if (!prior) throw err;
      return replayOf(prior, account, amount);
    }
  }

  /** Every balance (or one member's) against the sum of its ledger and its newest row's balance_after. */
  async audit(opts: { userId?: number; limit?: number } = {}): Promise<AuditResult> {
    if (opts.limit !== undefined && !(Number.isInteger(opts.limit) && opts.limit > 0)) throw new ValidationError({ limit: 'invalidInput' });
    const checked = await countUsers(this.db, opts.userId);
    const mismatches = await ledgerMismatches(this.db, opts);
    return { checked, mismatches };
  }
}

/** Validates a grant; returns the reason with its whitespace collapsed. */
function checkGrant(amount: number, reason: string, idempotencyKey: string | undefined): string {
  const note = reason.replace(/\s+/g, ' ').trim();
  const fields: Record<string, string> = {};
  if (!Number.isInteger(amount) || amount === 0 || Math.abs(amount) > GRANT_MAX_AMOUNT) fields.amount = 'invalidInput';
  if (note.length < GRANT_REASON_MIN || note.length > GRANT_REASON_MAX) fields.reason = 'invalidInput';
  if (idempotencyKey !== undefined && !isGrantKey(idempotencyKey)) fields.key = 'invalidInput';
  if (Object.keys(fields).length) throw new ValidationError(fields);
  return note;
}

/** Printable ASCII without spaces, at most GRANT_KEY_MAX characters. */
export function isGrantKey(key: string): boolean {
  return key.length >= 1 && key.length <= GRANT_KEY_MAX && /^[\x21-\x7e]+$/.test(key);
}

function replayOf(prior: LedgerRow, account: CreditAccount, amount: number): GrantResult {
  if (prior.userId !== account.id || prior.delta !== amount) throw new ConflictError('idempotency_key_reused', 'invalidInput');
  return {
    userId: account.id, email: account.email, amount, balanceBefore: prior.balanceAfter - prior.delta, balanceAfter: prior.balanceAfter,
    ledgerId: prior.id, replayed: true, dryRun: false,
  };
}

function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}
