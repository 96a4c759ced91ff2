// /landers/video/{slug?}: a video-call look. The most recently active member fills a call screen
// drawn with CSS and SVG (their status, name and city on it, your own tile as a placeholder, the
// call buttons), every button leading to the signup. Honest: the screen shows a profile photo and
// says when its member was last active; no call is said to be happening, and the page promises a
// chat (what the site offers), not a video call. Then more members as a call's tiles, three steps
// and a last call.
import type { LanderPageProps, LanderProfile } from '../../../types/lander-pages.js';
import { usePage } from '../../render-context.js';
import { LanderIcon, type LanderIconName } from './lander-icons.js';
import { AudienceChip, FictionalNote, FictionalTag, LanderCta, LanderPhoto, LanderStats, TrustList, activeLabel, placeOf, isOnline } from './lander-parts.js';

const TILES = 6;
const STEPS: { key: 'look' | 'hello' | 'share'; icon: LanderIconName }[] = [
  { key: 'look', icon: 'camera' },
  { key: 'hello', icon: 'chat' },
  { key: 'share', icon: 'photo' },
];

function CallButton({ href, icon, label, tone }: { href: string; icon: LanderIconName; label: string; tone: 'glass' | 'go' | 'love' }) {
  return (
    <a className={`video-btn video-btn--${tone}`} href={href} title={label}>
      <LanderIcon name={icon} size={tone === 'go' ? 26 : 22} />
      <span className="sr-only">{label}</span>
    </a>
  );
}

/** The call screen around one member's photo. */
function CallScreen({ profile, href }: { profile: LanderProfile; href: string }) {
  const { t } = usePage();
  return (
    <figure className="video-call" data-profile-id={profile.id} aria-label={t('landers:video.frameLabel', { name: profile.name })}>
      <a className="video-call__feed" href={href} tabIndex={-1} aria-hidden="true">
        <LanderPhoto profile={profile} priority large sizes="(min-width: 992px) 440px, 92vw" />
      </a>
      <figcaption className="video-call__top">
        <span className={isOnline(profile) ? 'video-call__status is-online' : 'video-call__status'}>{activeLabel(t, profile)}</span>
        <span className="video-call__name">{profile.name}, {profile.age}</span>
        <span className="video-call__place">{placeOf(t, profile)}</span>
        <FictionalTag profile={profile} />
      </figcaption>
      <span className="video-call__you" aria-hidden="true">
        <svg viewBox="0 0 60 80" width="60" height="80" focusable="false">
          <circle cx="30" cy="30" r="13" fill="currentColor" />
          <path d="M6 80c0-15 10.7-25 24-25s24 10 24 25z" fill="currentColor" />
        </svg>
        <span>{t('landers:video.you')}</span>
      </span>
      <span className="video-call__controls">
        <CallButton href={href} icon="mic" label={t('landers:video.cta')} tone="glass" />
        <CallButton href={href} icon="heart" label={t('landers:video.like', { name: profile.name })} tone="love" />
        <CallButton href={href} icon="chat" label={t('landers:video.sayHi', { name: profile.name })} tone="go" />
        <CallButton href={href} icon="next" label={t('landers:video.next')} tone="glass" />
      </span>
    </figure>
  );
}

export function VideoLander({ selection, signupHref }: LanderPageProps) {
  const { t } = usePage();
  const [star, ...rest] = selection.profiles;
  const tiles = rest.slice(0, TILES);
  return (
    <div className="lander lander--video">
      <section className="video-hero">
        <div className="container video-hero__inner">
          <div className="video-hero__head">
            <AudienceChip selection={selection} className="lander-chip--dark" />
            <h1>{t('landers:video.headline')}</h1>
          </div>
          {star && <CallScreen profile={star} href={signupHref} />}
          <div className="video-hero__copy">
            <LanderCta href={signupHref}>{star ? t('landers:video.sayHi', { name: star.name }) : t('landers:video.cta')}</LanderCta>
            <p className="video-hero__lead">{t('landers:video.lead')}</p>
            <TrustList keys={['free', 'noSubscription', 'discreet']} className="lander-trust--light" />
          </div>
        </div>
      </section>
      {tiles.length > 0 && (
        <section className="container video-next" aria-labelledby="video-next-title">
          <h2 id="video-next-title">{t('landers:video.nextTitle')}</h2>
          <ul className="video-tiles">
            {tiles.map((p) => (
              <li key={p.id}>
                <a className="video-tile" href={signupHref} data-profile-id={p.id}>
                  <LanderPhoto profile={p} />
                  <FictionalTag profile={p} />
                  <span className="video-tile__name">
                    {isOnline(p) && <span className="video-tile__dot" />}
                    {p.name}, {p.age}
                  </span>
                </a>
              </li>
            ))}
          </ul>
          <FictionalNote profiles={star ? [star, ...tiles] : tiles} />
        </section>
      )}
      <section className="container video-proof">
        <LanderStats selection={selection} />
      </section>
      <section className="container video-steps" aria-labelledby="video-steps-title">
        <h2 id="video-steps-title">{t('landers:video.stepsTitle')}</h2>
        <ol>
          {STEPS.map((s) => (
            <li key={s.key}>
              <span className="video-steps__icon"><LanderIcon name={s.icon} size={24} /></span>
              <strong>{t(`landers:video.steps.${s.key}.title`)}</strong>
              <span>{t(`landers:video.steps.${s.key}.body`)}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="container video-final">
        <h2>{t('landers:video.finalTitle')}</h2>
        <p>{t('landers:common.ctaNote')}</p>
        <LanderCta href={signupHref}>{t('landers:video.cta')}</LanderCta>
      </section>
    </div>
  );
}
