// Suppressed addresses (SPEC.md §3: fbl = marked as spam, bounce = invalid address,
// listunsubscribe): no notification mail goes to them; transactional mail (activation, password
// reset, e-mail change, receipts) still does. Per address, so a member who changes the address
// leaves the old address's suppressions behind.
import { SUPPRESSION_REASONS, type SuppressionReason } from '../../../types/notifications.js';
import type { Db, Runner } from '../../db.js';
import * as repo from '../../repos/suppressions-repo.js';
import { parseAddressList } from './suppression-list.js';

export type { SuppressionRow } from '../../repos/suppressions-repo.js';


export interface ImportSummary {
  added: number;
  /** Already suppressed for this reason (a second run adds nothing). */
  existing: number;
  duplicates: number;
  bad: number;
}

const BATCH = 500;

export const normalizeAddress = (email: string) => email.trim().toLowerCase();

export function isSuppressionReason(value: unknown): value is SuppressionReason {
  return typeof value === 'string' && (SUPPRESSION_REASONS as readonly string[]).includes(value);
}

export class SuppressionsService {
  constructor(private readonly db: Db) {}

  /** Imports a CSV or plain list; idempotent (existing pairs are counted, not added again). */
  async importList(text: string, reason: SuppressionReason, o: { dryRun?: boolean; now?: number } = {}): Promise<ImportSummary> {
    const parsed = parseAddressList(text);
    const summary: ImportSummary = { added: 0, existing: 0, duplicates: parsed.duplicates, bad: parsed.bad };
    for (let i = 0; i < parsed.emails.length; i += BATCH) {
      const batch = parsed.emails.slice(i, i + BATCH);
      const existing = await repo.existingAmong(this.db, batch, reason);
      const fresh = batch.filter((e) => !existing.has(e));
      if (!o.dryRun) await repo.addMany(this.db, fresh, reason, o.now ?? Date.now());
      summary.added += fresh.length;
      summary.existing += existing.size;
    }
    return summary;
  }

  /** Records one suppression (a hard bounce seen by the mail worker); true when it is new. */
  async add(email: string, reason: SuppressionReason, db: Runner = this.db): Promise<boolean> {
    const address = normalizeAddress(email);
    const existing = await repo.existingAmong(db, [address], reason);
    if (existing.size) return false;
    await repo.addMany(db, [address], reason, Date.now());
    return true;
  }

  reasonsOf(email: string, db: Runner = this.db): Promise<repo.SuppressionRow[]> {
    return repo.reasonsOf(db, normalizeAddress(email));
  }

  list(o: { reason?: SuppressionReason; email?: string; limit?: number } = {}): Promise<repo.SuppressionRow[]> {
    return repo.list(this.db, { reason: o.reason, email: o.email === undefined ? undefined : normalizeAddress(o.email), limit: o.limit ?? 1000 });
  }

  remove(email: string, reason?: SuppressionReason, db: Runner = this.db): Promise<number> {
    return repo.remove(db, normalizeAddress(email), reason);
  }
}
