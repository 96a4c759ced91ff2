// /signup, /complete-signup and /members/{id}/signup: the signup steps island in a card (its
// account step is a plain form without JavaScript); /signup itself is a dialog on wide screens.
// /signup-matches: the first profiles to meet.
import { ProfileGrid } from '../components/profile-card.js';
import { SignupSteps, type SignupPageProps } from '../components/signup-islands.js';
import { usePage } from '../render-context.js';
import type { ProfileCard } from '../../types/profiles.js';

export function SignupStepsPage(props: SignupPageProps) {
  const { t, settings, routeName } = usePage();
  // Plain /signup is a dialog over the site on wide screens (a page on phones): the island draws
  // the whole card, heading included, so it can keep the visitor in while the account is made.
  if (routeName === 'signup' && !props.target) {
    return (
      <div className="container section narrow auth">
        <SignupSteps {...props} dialogCloseTo="/" />
      </div>
    );
  }
  return (
    <div className="container section narrow auth">
      <div className="auth__card">
        {props.step === 'account' && !props.target && (
          <>
            <h1 className="page-title">{t('pages:signup.title')}</h1>
            <p>{t('pages:signup.intro', { siteName: settings.name })}</p>
          </>
        )}
        <SignupSteps {...props} />
        {props.step === 'account' && (
          <p className="auth__alt">
            {t('pages:signup.haveAccount')} <a href="/login">{t('pages:signup.login')}</a>
          </p>
        )}
      </div>
    </div>
  );
}

export function SignupMatchesPage({ profiles }: { profiles: ProfileCard[] }) {
  const { t } = usePage();
  return (
    <div className="container section">
      <h1 className="page-title">{t('pages:signupMatches.title')}</h1>
      <p className="lead">{profiles.length ? t('pages:signupMatches.intro') : t('pages:signupMatches.none')}</p>
      <ProfileGrid profiles={profiles} />
      <p className="section__more">
        <a className="btn btn--primary" href="/members">{t('pages:signupMatches.more')}</a>
      </p>
    </div>
  );
}
