// The signup islands as pages place them: the steps inside the /signup page, and the desktop modal
// that every page of the default and empty layouts carries for visitors (and for members who
// reloaded in the middle of the steps).
import type { RenderState } from '../render-context.js';
import { usePage } from '../render-context.js';
import SignupModal from '../../islands/signup-modal.island.js';
import SignupPageIsland from '../../islands/signup-page.island.js';
import type { AccountValues, CountryRegions, SignupModalProps, SignupOptions, SignupWizardProps, WizardStep } from '../../types/signup.js';
import { Island } from './island.js';

/** Routes that are the signup themselves, or where a dialog would be in the way. */
const NO_MODAL_ROUTES = new Set(['signup', 'complete-signup', 'member-signup', 'signup-matches', 'login', 'reset-password', 'reset-password-do']);
const PENDING_STEPS = new Set<WizardStep>(['photo', 'personal', 'about', 'push']);

/** Month names per locale: every visitor page carries them, so they are made once, not per request. */
const monthsByLocale = new Map<string, string[]>();

export function monthNames(lng: string): string[] {
  let months = monthsByLocale.get(lng);
  if (!months) {
    const format = new Intl.DateTimeFormat(lng, { month: 'long', timeZone: 'UTC' });
    months = Array.from({ length: 12 }, (_, i) => format.format(new Date(Date.UTC(2000, i, 1))));
    monthsByLocale.set(lng, months);
  }
  return months;
}

export function signupOptions(
  page: RenderState,
  extra: { regions: CountryRegions[] | null; interests: { slug: string; label: string }[] | null },
): SignupOptions {
  return {
    countries: page.settings.countries.map((code) => ({ code, name: page.t(`countries.${code}`) })),
    regions: extra.regions,
    defaultCountry: page.settings.geoip_selected_country,
    interests: extra.interests,
    months: monthNames(page.lng),
    pushPublicKey: page.settings.push_public_key,
    siteName: page.settings.name,
    supportEmail: page.settings.support_email,
  };
}

export interface SignupPageProps {
  step: WizardStep;
  regions: CountryRegions[];
  interests: { slug: string; label: string }[];
  values: AccountValues | null;
  errors: Record<string, string>;
  tracking: Record<string, string>;
  returnTo: string;
  target: SignupWizardProps['target'];
}

export function SignupSteps(p: SignupPageProps) {
  const page = usePage();
  const props: SignupWizardProps = {
    step: p.step,
    options: signupOptions(page, { regions: p.regions, interests: p.interests }),
    returnTo: p.returnTo,
    email: page.user?.email ?? null,
    values: p.values,
    errors: p.errors,
    tracking: p.tracking,
    modal: false,
    target: p.target,
  };
  return <Island name="signup-page" section="signup" component={SignupPageIsland} props={props} />;
}

export function SignupModalSlot() {
  const page = usePage();
  if (NO_MODAL_ROUTES.has(page.routeName)) return null;
  const pending = page.user?.signup_step && PENDING_STEPS.has(page.user.signup_step) ? page.user.signup_step : null;
  if (page.user && !pending) return null;
  const props: SignupModalProps = {
    resume: Boolean(pending),
    step: pending ?? 'account',
    options: signupOptions(page, { regions: null, interests: null }),
    returnTo: page.currentUrl,
    email: page.user?.email ?? null,
    values: null,
    errors: {},
    tracking: {},
    modal: true,
    target: null,
  };
  return <Island name="signup-modal" section="signup" component={SignupModal} props={props} hydrate="idle" />;
}
