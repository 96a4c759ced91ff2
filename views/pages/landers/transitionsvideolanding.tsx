// /landers/transitionsvideolanding/{slug?}: a "video" made of members' photos with CSS alone. A
// full-bleed stage cross-fades through five portraits with a slow zoom (Ken Burns), a progress bar
// like a story's, each portrait's caption fading with it, a play button and the promise over the
// foot of the picture. Below, the cast as a film strip. Reduced motion: the first portrait, still.
import type { LanderPageProps, LanderProfile } from '../../../types/lander-pages.js';
import { usePage } from '../../render-context.js';
import { LanderIcon } from './lander-icons.js';
import { AudienceChip, FictionalNote, FictionalTag, LanderCta, LanderPhoto, LanderStats, TrustList, placeOf, isOnline } from './lander-parts.js';

/** The stage's timeline is written for five scenes (transitionsvideolanding.css); fewer profiles repeat. */
const SCENES = 5;
const CAST = 10;

/** One portrait of the stage; the first carries the page's priority image, so the first paint is the picture. */
function Scene({ profile, priority }: { profile: LanderProfile; priority: boolean }) {
  const { t } = usePage();
  return (
    <span className="tv-scene" data-profile-id={profile.id}>
      <span className="tv-scene__frame">
        <LanderPhoto profile={profile} priority={priority} large sizes="(min-width: 992px) 60vw, 100vw" className="tv-scene__photo" />
      </span>
      <span className="tv-scene__caption">
        <span className="tv-scene__name">
          {profile.name}, {profile.age}
          {isOnline(profile) && <span className="tv-scene__live">{t('presence.online')}</span>}
        </span>
        <span className="tv-scene__place">
          <LanderIcon name="pin" size={14} />
          {placeOf(t, profile)}
        </span>
        <FictionalTag profile={profile} />
      </span>
    </span>
  );
}

export function TransitionsVideoLander({ selection, signupHref }: LanderPageProps) {
  const { t } = usePage();
  const { profiles } = selection;
  const scenes = profiles.length > 0 ? Array.from({ length: SCENES }, (_, i) => profiles[i % profiles.length]!) : [];
  const cast = profiles.slice(0, CAST);
  return (
    <div className="lander lander--dark lander--tv">
      <section className="tv-stage" aria-label={t('landers:transitionsvideolanding.stageLabel')}>
        <div className="container tv-stage__inner">
          <div className="tv-player">
            <div className="tv-player__scenes">
              {scenes.map((p, i) => <Scene key={i} profile={p} priority={i === 0} />)}
            </div>
            <span className="tv-player__progress" aria-hidden="true">
              {scenes.map((_, i) => <span key={i}><i /></span>)}
            </span>
          </div>
          <div className="tv-stage__copy">
            <a className="tv-play" href={signupHref}>
              <span className="tv-play__button"><LanderIcon name="play" size={30} /></span>
              <span className="tv-play__label">{t('landers:transitionsvideolanding.play')}</span>
            </a>
            <AudienceChip selection={selection} className="lander-chip--dark" />
            <h1>{t('landers:transitionsvideolanding.headline')}</h1>
            <p className="tv-stage__lead">{t('landers:transitionsvideolanding.lead')}</p>
            <LanderCta href={signupHref}>{t('landers:transitionsvideolanding.cta')}</LanderCta>
            <TrustList keys={['free', 'minute', 'discreet']} className="lander-trust--light" />
          </div>
        </div>
        {/* Wide screens: the scenes again, blurred, fill the stage around the player (small pictures: blurred anyway). */}
        <span className="tv-ambient" aria-hidden="true">
          {scenes.map((p, i) => <span key={i} className="tv-ambient__scene"><LanderPhoto profile={p} /></span>)}
        </span>
      </section>
      {cast.length > 0 && (
        <section className="tv-cast" aria-labelledby="tv-cast-title">
          <div className="container">
            <h2 id="tv-cast-title">{t('landers:transitionsvideolanding.castTitle')}</h2>
            <p className="tv-cast__lead">{t('landers:transitionsvideolanding.castLead')}</p>
          </div>
          <ul className="tv-strip">
            {cast.map((p) => (
              <li key={p.id}>
                <a className="tv-frame" href={signupHref} data-profile-id={p.id}>
                  <span className="tv-frame__photo">
                    <LanderPhoto profile={p} />
                    <FictionalTag profile={p} />
                  </span>
                  <span className="tv-frame__name">{p.name}, {p.age}</span>
                  <span className="tv-frame__place">{placeOf(t, p)}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="container tv-proof">
        <LanderStats selection={selection} className="lander-stats--dark" />
        <FictionalNote profiles={[...scenes, ...cast]} className="lander-note--dark" />
      </section>
      <section className="container tv-final">
        <h2>{t('landers:transitionsvideolanding.finalTitle')}</h2>
        <p>{t('landers:common.ctaNote')}</p>
        <LanderCta href={signupHref}>{t('landers:transitionsvideolanding.cta')}</LanderCta>
      </section>
    </div>
  );
}
