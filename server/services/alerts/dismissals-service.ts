// Alerts a member can dismiss (SPEC.md §4: profile enrich, push prompt, disabled notifications,
// time-bonus modal): stored with a timestamp, so they stay hidden on every device.
import type { Db } from '../../db.js';
import { dismissAlert } from '../../repos/dismissals-repo.js';

export const DISMISSIBLE_ALERTS = ['profile_enrich', 'push', 'disabled_notifications', 'time_bonus'] as const;
export type DismissibleAlert = (typeof DISMISSIBLE_ALERTS)[number];

export class DismissalsService {
  constructor(private readonly db: Db) {}

  dismiss(userId: number, alert: DismissibleAlert): Promise<void> {
    return dismissAlert(this.db, userId, alert, Date.now());
  }
}
