// The time bonus (SPEC.md §4, §9), shared by the server and the countdown island: 25% with the
// code TIMEBONUS25 for a logged-in member who has never paid, in the 4 hours after signing up.
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_PERCENT = 25;
export const TIME_BONUS_MS = 4 * 3600_000;

/** When the member's time bonus ends (epoch ms), or null when they have none now. */
export function timeBonusEndsAt(o: { paidUser: boolean; signupDate: number }, now: number): number | null {
  const endsAt = o.signupDate + TIME_BONUS_MS;
  return !o.paidUser && Number.isFinite(o.signupDate) && now >= o.signupDate && now < endsAt ? endsAt : null;
}

/** "03:59:58": the time left as the countdown shows it, never below zero. */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** The time-bonus modal opens this long after the member enters the members area (SPEC.md §9). */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;

export interface TimeBonusCountdownProps {
  /** The time left when the server rendered the page, in ms (the browser's clock may be wrong). */
  leftMs: number;
  /** Whether the modal may open (0 credits, not dismissed). */
  modal: boolean;
}

/** The welcome offer (SPEC.md §1): 25% with WELCOME25 on the first purchase, for some days after signing up. */
export const WELCOME_CODE = 'WELCOME25';
export const WELCOME_PERCENT = 25;
export const DEFAULT_WELCOME_DAYS = 7;
const DAY_MS = 86_400_000;

/** When the member's welcome offer ends (epoch ms), or null when they have none now. */
export function welcomeEndsAt(o: { paidUser: boolean; signupDate: number }, now: number, days = DEFAULT_WELCOME_DAYS): number | null {
  const endsAt = o.signupDate + days * DAY_MS;
  return !o.paidUser && Number.isFinite(o.signupDate) && now >= o.signupDate && now < endsAt ? endsAt : null;
}

/**
 * The welcome offer's line (SPEC.md §1): 'Offer valid for {timeLeft}' ("6 d 23:59:59", `dayUnit`
 * being the language's abbreviation of day), and in its last day 'Act Fast, Only {timeLeft} hours
 * to Claim' (whole hours, at least 1).
 */
export function welcomeCountdown(ms: number, dayUnit: string): { key: 'validFor' | 'actFast'; timeLeft: string } {
  if (ms < DAY_MS) return { key: 'actFast', timeLeft: String(Math.max(1, Math.ceil(ms / 3600_000))) };
  return { key: 'validFor', timeLeft: `${Math.floor(ms / DAY_MS)} ${dayUnit} ${formatCountdown(ms % DAY_MS)}` };
}

export interface WelcomeCountdownProps {
  leftMs: number;
}

/**
 * The retention offer (issue 14 point 6): a member who opens account deletion is offered the
 * company's `delete_discount` off their next purchase, as a personal single-use code valid for
 * RETENTION_DAYS after it is claimed. Its codes belong to the campaign RETENTION_CAMPAIGN, so
 * operators list them (uses, revenue) and disable them like any campaign.
 */
export const RETENTION_CAMPAIGN = 'retention';
export const RETENTION_DAYS = 7;
export const RETENTION_PREFIX = 'STAY-';

export interface RetentionOffer {
  percent: number;
  /** The member's code once claimed (the offer box then says until when it is valid); null before. */
  code: string | null;
  expiresAt: number | null;
}
