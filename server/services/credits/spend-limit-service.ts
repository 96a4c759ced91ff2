// The daily spending limit (issue 18.3): a member caps the credits that messages, gifts and photos
// may take in one day. As with responsible-gambling limits, setting or lowering a limit holds at
// once, while raising or removing it holds only from the member's next day. The guarded debit
// (credits-repo.ts) enforces it in the statement that takes the credits, so parallel sends cannot
// pass it; this service keeps the settings and explains a refusal.
//
// A day runs from midnight to midnight in the time zone of the member's country (local-days.ts),
// fixed when a limit is set: it stays the limit's zone until the limit is gone.
import type { Db, Runner, Tx } from '../../db.js';
import { InsufficientCreditsError, NotFoundError, SpendLimitReachedError, ValidationError, type AppError } from '../../errors.js';
import { retryOnDeadlock } from '../../lib/db-errors.js';
import { addDays, dayKey, isoDate, knownZone, startOfDay, zoneOfCountry } from '../../lib/local-days.js';
import { lockSpendState, paidSpentSince, spendStateOf, writeSpendLimit, type SpendLimitWrite, type SpendState } from '../../repos/spend-limits-repo.js';
import { SPEND_LIMIT_MAX, type SpendLimitChange, type SpendLimitStatus } from '../../../types/spend-limit.js';

interface Effective {
  zone: string;
  today: number;
  /** The limit in force today (a waiting change whose day has come counts as applied). */
  limit: number | null;
  pending: { limit: number | null; from: number } | null;
  spent: number;
}

/** The state as it holds on the member's today, whatever is stored. */
function effectiveOf(s: SpendState, country: string | null | undefined, now: number): Effective {
  const zone = s.dailyLimit !== null ? knownZone(s.spendZone) : zoneOfCountry(country);
  const today = dayKey(zone, now);
  const due = s.pendingFrom !== null && s.pendingFrom <= today;
  const limit = due ? s.pendingLimit : s.dailyLimit;
  const pending = !due && s.pendingFrom !== null ? { limit: s.pendingLimit, from: s.pendingFrom } : null;
  // Counted only while a limit is set; a later stored day (the zone moved west) still counts.
  const spent = s.dailyLimit !== null && s.spentDay !== null && s.spentDay >= today ? s.spentToday : 0;
  return { zone, today, limit, pending, spent };
}

/** A whole number of credits from 1 to SPEND_LIMIT_MAX, as typed ("50", " 50 "); anything else is refused. */
export function parseSpendLimit(raw: unknown): number {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const value = /^[0-9]{1,7}$/.test(text) ? Number(text) : NaN;
  if (!(value >= 1 && value <= SPEND_LIMIT_MAX)) throw new ValidationError({ daily_limit: 'spendLimitInvalid' }, 'spendLimitInvalid', { daily_limit: { max: SPEND_LIMIT_MAX } });
  return value;
}

/**
 * Why a paid debit of `cost` was refused (read only then, so a send pays nothing for it): over the
 * daily limit (the message names it) before short of credits, as buying more would not help today.
 */
export async function debitRefusal(db: Runner, userId: number, cost: number, now = Date.now()): Promise<AppError> {
  const s = await spendStateOf(db, userId);
  if (s) {
    const e = effectiveOf(s, null, now);
    if (e.limit !== null && e.spent + cost > e.limit) return new SpendLimitReachedError(e.limit, Math.max(e.limit - e.spent, 0));
  }
  return new InsufficientCreditsError();
}

export class SpendLimitService {
  constructor(private readonly db: Db) {}

  /** The member's limit, what was spent and is left today, and a change waiting for the next day. */
  async status(userId: number, country: string | null | undefined, now = Date.now()): Promise<SpendLimitStatus> {
    const s = await spendStateOf(this.db, userId);
    if (!s) throw new NotFoundError('user_not_found');
    const e = effectiveOf(s, country, now);
    return {
      limit: e.limit,
      spentToday: e.limit === null ? 0 : e.spent,
      leftToday: e.limit === null ? null : Math.max(e.limit - e.spent, 0),
      pending: e.pending ? { limit: e.pending.limit, from: isoDate(e.pending.from) } : null,
    };
  }

  /** Sets a limit (`raw` as typed): a first or lower one holds at once, a higher one from the next day. */
  async setLimit(userId: number, country: string | null | undefined, raw: unknown, now = Date.now()): Promise<SpendLimitChange> {
    const amount = parseSpendLimit(raw);
    return this.change(userId, country, now, async (tx, s, e) => {
      if (e.limit === null) {
        // A new limit: its days are those of the member's country now, and it counts what the
        // member already spent today, from the ledger.
        const zone = zoneOfCountry(country);
        const today = dayKey(zone, now);
        const spent = await paidSpentSince(tx, userId, startOfDay(zone, today));
        return [{ dailyLimit: amount, pendingLimit: null, pendingFrom: null, spentDay: today, spentToday: spent, spendZone: zone }, 'now'];
      }
      const kept = { spentDay: s.spentDay, spentToday: s.spentToday, spendZone: e.zone };
      if (amount <= e.limit) {
        const change = amount < e.limit || e.pending ? 'now' : 'unchanged';
        return [{ dailyLimit: amount, pendingLimit: null, pendingFrom: null, ...kept }, change];
      }
      return [{ dailyLimit: e.limit, pendingLimit: amount, pendingFrom: addDays(e.today), ...kept }, 'tomorrow'];
    });
  }

  /** Removes the limit from the member's next day (none set: nothing to do). */
  async removeLimit(userId: number, country: string | null | undefined, now = Date.now()): Promise<SpendLimitChange> {
    return this.change(userId, country, now, async (_tx, s, e) => {
      if (e.limit === null) return [{ dailyLimit: null, pendingLimit: null, pendingFrom: null, spentDay: null, spentToday: 0, spendZone: null }, 'unchanged'];
      if (e.pending && e.pending.limit === null) return [null, 'unchanged'];
      return [{ dailyLimit: e.limit, pendingLimit: null, pendingFrom: addDays(e.today), spentDay: s.spentDay, spentToday: s.spentToday, spendZone: e.zone }, 'tomorrow'];
    });
  }

  /** One settings change under the member's row lock, so it never races a send or another change. */
  private change(
    userId: number,
    country: string | null | undefined,
    now: number,
    decide: (tx: Tx, s: SpendState, e: Effective) => Promise<[SpendLimitWrite | null, SpendLimitChange]>,
  ): Promise<SpendLimitChange> {
    return retryOnDeadlock(() =>
      this.db.transaction(async (tx) => {
        const s = await lockSpendState(tx, userId);
        if (!s) throw new NotFoundError('user_not_found');
        const [write, change] = await decide(tx, s, effectiveOf(s, country, now));
        if (write) await writeSpendLimit(tx, userId, write, now);
        return change;
      }),
    );
  }
}
