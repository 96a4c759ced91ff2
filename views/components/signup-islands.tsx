// The signup islands as pages place them: the steps inside the /signup page (on wide screens a
// dialog over the site, so visitors' pages need no script for it), and the desktop modal that
// resumes the steps on the other pages of members who left in the middle of them.
import type { RenderState } from '../render-context.js';
import { usePage } from '../render-context.js';
import SignupModal from '../../islands/signup-modal.island.js';
import SignupPageIsland, { type SignupPageIslandProps } from '../../islands/signup-page.island.js';
import type { AccountValues, CountryRegions, SignupModalProps, SignupOptions, SignupWizardProps, WizardStep } from '../../types/signup.js';
import { locateTexts } from '../../islands/geo/locate-button.js';
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
    // The account step's country and region; the modal resumes later steps only.
    locate: extra.regions ? locateTexts((key) => page.t(`islands:locate.${key}`)) : null,
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
  /** Plain /signup: shown as a dialog on wide screens, closing to this local path. */
  dialogCloseTo?: string | null;
  /** The gender a lander's variant shows, preset as the one looked for. */
  seeking?: 'male' | 'female' | null;
}

export function SignupSteps(p: SignupPageProps) {
  const page = usePage();
  // The page's own heading and login line, drawn by the dialog around the account step.
  const texts = p.step === 'account' && !p.target
    ? {
        title: page.t('pages:signup.title'),
        intro: page.t('pages:signup.intro', { siteName: page.settings.name }),
        haveAccount: page.t('pages:signup.haveAccount'),
        login: page.t('pages:signup.login'),
      }
    : null;
  const props: SignupPageIslandProps = {
    step: p.step,
    options: signupOptions(page, { regions: p.regions, interests: p.interests }),
    returnTo: p.returnTo,
    email: page.user?.email ?? null,
    values: p.values,
    errors: p.errors,
    tracking: p.tracking,
    modal: false,
    target: p.target,
    seeking: p.seeking ?? null,
    dialog: p.dialogCloseTo ? { closeTo: p.dialogCloseTo, texts } : null,
  };
  return <Island name="signup-page" section="signup" component={SignupPageIsland} props={props} />;
}

export function SignupModalSlot() {
  const page = usePage();
  if (NO_MODAL_ROUTES.has(page.routeName)) return null;
  // Visitors follow plain links to /signup, which is the dialog itself on wide screens: their
  // pages carry no signup script. Only a member in the middle of the steps gets it back here.
  const pending = page.user?.signup_step && PENDING_STEPS.has(page.user.signup_step) ? page.user.signup_step : null;
  if (!pending) return null;
  const props: SignupModalProps = {
    resume: true,
    step: pending,
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
