// /landers/iconslanding/{slug?}: an icon-led page. The hero is a cluster of the site's four
// features as app-like icons around a heart, with members' faces as round icons between them;
// then the four features, each shown with a member (a chat bubble, a match with you, a city
// pin, a hidden e-mail address); then members as round icons, and a last call.
import type { LanderPageProps, LanderProfile } from '../../../types/lander-pages.js';
import { usePage } from '../../render-context.js';
import { LanderIcon, type LanderIconName } from './lander-icons.js';
import { AudienceChip, FictionalNote, FictionalTag, LanderCta, LanderPhoto, LanderStats, TrustList, placeOf, isOnline } from './lander-parts.js';

const FEATURES: { key: 'chat' | 'match' | 'nearby' | 'private'; icon: LanderIconName }[] = [
  { key: 'chat', icon: 'chat' },
  { key: 'match', icon: 'heart' },
  { key: 'nearby', icon: 'pin' },
  { key: 'private', icon: 'lock' },
];
/** Faces around the hero's icons (their places are in iconslanding.css). */
const ORBIT = 6;
/** The cluster's faces again, with name, age, place and label. */
const PEOPLE = ORBIT;

function Squircle({ icon, tone, size = 28 }: { icon: LanderIconName; tone: string; size?: number }) {
  return (
    <span className={`icons-squircle icons-squircle--${tone}`}>
      <LanderIcon name={icon} size={size} />
    </span>
  );
}

function Face({ profile, priority = false }: { profile: LanderProfile; priority?: boolean }) {
  return (
    <span className="icons-face">
      <LanderPhoto profile={profile} priority={priority} />
    </span>
  );
}

/** A feature shown with a member: what the icon means on the site, in one small picture. */
function FeatureDemo({ feature, profile }: { feature: (typeof FEATURES)[number]['key']; profile: LanderProfile | undefined }) {
  const { t } = usePage();
  if (!profile) return null;
  switch (feature) {
    case 'chat':
      return (
        <span className="icons-demo icons-demo--chat" aria-hidden="true">
          <Face profile={profile} />
          <span className="icons-demo__bubble"><i /><i /><i /></span>
        </span>
      );
    case 'match':
      return (
        <span className="icons-demo icons-demo--match" aria-hidden="true">
          <Face profile={profile} />
          <span className="icons-demo__heart"><LanderIcon name="heart" size={16} /></span>
          <span className="icons-demo__you">{t('landers:iconslanding.you')}</span>
        </span>
      );
    case 'nearby':
      return (
        <span className="icons-demo icons-demo--nearby" aria-hidden="true">
          <Face profile={profile} />
          <span className="icons-demo__place"><LanderIcon name="pin" size={14} />{placeOf(t, profile)}</span>
        </span>
      );
    case 'private':
      return (
        <span className="icons-demo icons-demo--private" aria-hidden="true">
          <span className="icons-demo__mail">{profile.name.slice(0, 1).toLowerCase()}•••••@•••••</span>
          <LanderIcon name="lock" size={18} />
        </span>
      );
  }
}

export function IconsLander({ selection, signupHref }: LanderPageProps) {
  const { t } = usePage();
  const orbit = selection.profiles.slice(0, ORBIT);
  const people = selection.profiles.slice(0, PEOPLE);
  const demoOf = (i: number) => selection.profiles[(i * 2 + 1) % Math.max(1, orbit.length)];
  return (
    <div className="lander lander--icons">
      <section className="icons-hero">
        <div className="container icons-hero__inner">
          <a className="icons-cluster" href={signupHref} tabIndex={-1} aria-hidden="true">
            <span className="icons-cluster__ring icons-cluster__ring--1" />
            <span className="icons-cluster__ring icons-cluster__ring--2" />
            <span className="icons-cluster__core"><LanderIcon name="heart" size={40} /></span>
            {FEATURES.map((f) => (
              <span key={f.key} className={`icons-cluster__app icons-cluster__app--${f.key}`}>
                <Squircle icon={f.icon} tone={f.key} />
                <span className="icons-cluster__label">{t(`landers:iconslanding.features.${f.key}.title`)}</span>
              </span>
            ))}
            {orbit.map((p, i) => (
              <span key={p.id} className={`icons-cluster__face icons-cluster__face--${i + 1}`} data-profile-id={p.id}>
                <Face profile={p} priority={i === 0} />
                {isOnline(p) && <span className="icons-cluster__online" />}
              </span>
            ))}
          </a>
          <div className="icons-hero__text">
            <AudienceChip selection={selection} />
            <h1>{t('landers:iconslanding.headline')}</h1>
            <p className="icons-hero__lead">{t('landers:iconslanding.lead')}</p>
            <LanderCta href={signupHref}>{t('landers:iconslanding.cta')}</LanderCta>
            <TrustList keys={['free', 'minute', 'discreet']} />
          </div>
        </div>
      </section>
      <section className="container icons-features" aria-labelledby="icons-features-title">
        <h2 id="icons-features-title">{t('landers:iconslanding.featuresTitle')}</h2>
        <ul className="icons-features__list">
          {FEATURES.map((f, i) => (
            <li key={f.key} className="icons-feature">
              <Squircle icon={f.icon} tone={f.key} size={26} />
              <div className="icons-feature__text">
                <h3>{t(`landers:iconslanding.features.${f.key}.title`)}</h3>
                <p>{t(`landers:iconslanding.features.${f.key}.body`)}</p>
              </div>
              <FeatureDemo feature={f.key} profile={demoOf(i)} />
            </li>
          ))}
        </ul>
      </section>
      <section className="container icons-proof">
        <LanderStats selection={selection} />
      </section>
      {people.length > 0 && (
        <section className="container icons-people" aria-labelledby="icons-people-title">
          <h2 id="icons-people-title">{t('landers:iconslanding.peopleTitle')}</h2>
          <ul className="icons-people__grid">
            {people.map((p) => (
              <li key={p.id}>
                <a className="icons-person" href={signupHref} data-profile-id={p.id}>
                  <span className={isOnline(p) ? 'icons-person__ring is-online' : 'icons-person__ring'}>
                    <LanderPhoto profile={p} />
                  </span>
                  <span className="icons-person__name">{p.name}</span>
                  <span className="icons-person__place">{p.age} · {placeOf(t, p)}</span>
                  <FictionalTag profile={p} />
                </a>
              </li>
            ))}
          </ul>
          <FictionalNote profiles={people} />
        </section>
      )}
      <section className="container icons-final">
        <div className="icons-final__apps" aria-hidden="true">
          {FEATURES.map((f) => <Squircle key={f.key} icon={f.icon} tone={f.key} size={22} />)}
        </div>
        <h2>{t('landers:iconslanding.finalTitle')}</h2>
        <p>{t('landers:common.ctaNote')}</p>
        <LanderCta href={signupHref}>{t('landers:iconslanding.cta')}</LanderCta>
      </section>
    </div>
  );
}
