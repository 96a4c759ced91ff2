// The signup steps (SPEC.md §4) and the props of the signup islands, shared by server and islands.
import type { LocateTexts } from './geo.js';

/** Steps after the account exists; stored on the account so a reload resumes there. */
export const SIGNUP_STEPS = ['photo', 'personal', 'about', 'push', 'complete'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];
/** The account step comes first and exists only until the account does. */
export type WizardStep = 'account' | SignupStep;

export interface CountryRegions {
  country: string;
  /** The translated region term: province, state, canton… */
  term: string;
  regions: string[];
}

export const SIGNUP_REASONS = ['dating', 'chat', 'friendship', 'adventure'] as const;

export interface SignupOptions {
  countries: { code: string; name: string }[];
  /** Regions per country; the modal leaves them out and fetches /api/regions.php when opened. */
  regions: CountryRegions[] | null;
  defaultCountry: string;
  /** Interests with labels; the modal fetches /api/interests.php instead. */
  interests: { slug: string; label: string }[] | null;
  /** Month names in the page's language, so server and browser render the same. */
  months: string[];
  pushPublicKey: string;
  siteName: string;
  supportEmail: string;
  /** "Use my location" on the account step (islands:locate); null where it is not offered. */
  locate: LocateTexts | null;
}

export interface SignupWizardProps {
  step: WizardStep;
  options: SignupOptions;
  /** Where "continue" leads after the last step (a landing variant returns to its profile). */
  returnTo: string;
  /** The member's address, shown on the complete step. */
  email: string | null;
  /** The account form's values and field errors after a submit without JavaScript. */
  values: AccountValues | null;
  errors: Record<string, string>;
  /** The tracking record passed on from the landing query. */
  tracking: Record<string, string>;
  /** True inside the desktop modal, false on the /signup page. */
  modal: boolean;
  /** A landing variant signs up to chat with this profile. */
  target: { id: number; name: string; gender: 'male' | 'female'; photo: string | null } | null;
  /** A lander's variant shows men or women: the form looks for them (as it does for a target). */
  seeking?: 'male' | 'female' | null;
}

/** The account form asks "I am" and "looking for"; the profile stores the orientation. */
export function sexualityOf(gender: string, seeking: string): string {
  if (seeking === 'both') return 'bi';
  if (gender === seeking) return gender === 'female' ? 'lesbian' : 'gay';
  return 'hetero';
}

/** What the account step shows again after a failed submit (never the password). */
export interface AccountValues {
  name: string;
  email: string;
  birth_day: string;
  birth_month: string;
  birth_year: string;
  gender: string;
  seeking: string;
  country: string;
  region: string;
  /** Filled by "Use my location" (the field shows only then). */
  city?: string;
}

export interface SignupModalProps extends SignupWizardProps {
  /** Reopen at once (desktop only): the member reloaded in the middle of the steps. */
  resume: boolean;
}

/** The query the complete step's links add: the first page after the signup (SPEC.md §2: the phone's activation modal). */
export const SIGNUP_COMPLETE_QUERY = 'api_signup_complete';

/** `href` with the signup-complete query added (after any query it has). */
export function afterSignupHref(href: string): string {
  return `${href}${href.includes('?') ? '&' : '?'}${SIGNUP_COMPLETE_QUERY}=1`;
}
