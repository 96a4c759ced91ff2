// /landers/alonetonight/{slug?}: tonight, now. A night sky, the real number of people online,
// and the most recently active profiles as a list with when each was last seen; with a region
// slug the list and the counts are that region's first.
import type { LanderPageProps } from '../../../types/lander-pages.js';
import { usePage } from '../../render-context.js';
import { AudienceChip, FictionalNote, FictionalTag, LanderCta, LanderPhoto, LanderStats, TrustList, activeLabel, placeOf, isOnline } from './lander-parts.js';

const LIST = 8;

export function AloneTonightLander({ selection, signupHref }: LanderPageProps) {
  const { t } = usePage();
  const list = selection.profiles.slice(0, LIST);
  const faces = list.slice(0, 5);
  return (
    <div className="lander lander--dark lander--night">
      <section className="night-hero">
        <span className="night-hero__moon" aria-hidden="true" />
        <div className="container night-hero__inner">
          <AudienceChip selection={selection} className="lander-chip--dark" />
          <h1>{t('landers:alonetonight.headline')}</h1>
          <p className="night-hero__lead">{t('landers:alonetonight.lead')}</p>
          <div className="night-hero__faces" aria-hidden="true">
            {faces.map((p, i) => <LanderPhoto key={p.id} profile={p} priority={i === 0} />)}
          </div>
          <LanderCta href={signupHref}>{t('landers:alonetonight.cta')}</LanderCta>
          <TrustList keys={['free', 'minute', 'discreet']} className="lander-trust--light" />
        </div>
      </section>
      <section className="container night-proof">
        <LanderStats selection={selection} className="lander-stats--dark" />
      </section>
      {list.length > 0 && (
        <section className="container night-list">
          <h2>{t('landers:alonetonight.listTitle')}</h2>
          <ul>
            {list.map((p) => (
              <li key={p.id}>
                <a className="night-row" href={signupHref} data-profile-id={p.id}>
                  <span className="night-row__photo">
                    <LanderPhoto profile={p} />
                  </span>
                  <span className="night-row__text">
                    <span className="night-row__name">
                      {p.name}, {p.age}
                      <FictionalTag profile={p} />
                    </span>
                    <span className="night-row__place">{placeOf(t, p)}</span>
                    <span className={isOnline(p) ? 'night-row__seen is-online' : 'night-row__seen'}>{activeLabel(t, p)}</span>
                  </span>
                  <span className="night-row__hi">
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                      <path d="M4 5.5h16v10H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round" />
                    </svg>
                    <span className="night-row__hi-label">{t('landers:alonetonight.sayHi')}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
          <FictionalNote profiles={list} className="lander-note--dark" />
        </section>
      )}
      <section className="container night-final">
        <h2>{t('landers:alonetonight.finalTitle')}</h2>
        <LanderCta href={signupHref}>{t('landers:alonetonight.cta')}</LanderCta>
        <p className="night-final__note">{t('landers:common.ctaNote')}</p>
      </section>
    </div>
  );
}
