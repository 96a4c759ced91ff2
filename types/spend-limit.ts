// The daily spending limit (issue 18.3) as /settings shows it; shared by the server and views.

/** A limit is a whole number of credits from 1 to this. */
export const SPEND_LIMIT_MAX = 100_000;

export interface SpendLimitStatus {
  /** The limit in force today; null for none. */
  limit: number | null;
  /** Credits spent on paid actions today (counted while a limit is set). */
  spentToday: number;
  /** What is left of today's limit; null without one. */
  leftToday: number | null;
  /** A raise or removal that applies from the member's next day: the new limit (null: none) and that day, "2026-11-29". */
  pending: { limit: number | null; from: string } | null;
}

/** What a change did: holds now, waits for the member's next day, or changed nothing. */
export type SpendLimitChange = 'now' | 'tomorrow' | 'unchanged';
