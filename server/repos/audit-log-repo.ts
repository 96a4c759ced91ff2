// SQL for the audit log: who (an operator "cli:<os user>", "user:<id>" or "system") did what to whom.
import type { Runner } from '../db.js';

export interface AuditEntry {
  actor: string;
  action: string;
  subject?: string | null;
  details?: Record<string, unknown>;
}

export async function insertAuditEntry(db: Runner, e: AuditEntry, now = Date.now()): Promise<void> {
  await db('audit_log').insert({
    actor: e.actor.slice(0, 100),
    action: e.action,
    subject: e.subject ?? null,
    details: e.details ? JSON.stringify(e.details) : null,
    created_at: now,
  });
}
