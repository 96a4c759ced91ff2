// /landers/adultonly: discreet adult dating, 18+ themed, dark. A fan of real portraits beside the
// promise, the real counts, recently active members, three true promises and a last call.
import type { LanderPageProps } from '../../../types/lander-pages.js';
import { usePage } from '../../render-context.js';
import { AudienceChip, FictionalNote, FictionalTag, LanderCta, LanderPhoto, LanderStats, LanderTile, TrustList } from './lander-parts.js';

const POINTS = ['discreet', 'adults', 'pay'] as const;

export function AdultOnlyLander({ selection, signupHref }: LanderPageProps) {
  const { t } = usePage();
  const fan = selection.profiles.slice(0, 3);
  const grid = selection.profiles.slice(3, 11);
  return (
    <div className="lander lander--dark lander--adult">
      <section className="adult-hero">
        <div className="container adult-hero__inner">
          <div className="adult-hero__text">
            <p className="adult-hero__eyebrow">
              <span className="adult-hero__18" aria-hidden="true">18+</span>
              {t('landers:adultonly.eyebrow')}
            </p>
            <h1>{t('landers:adultonly.headline')}</h1>
            <p className="adult-hero__lead">{t('landers:adultonly.lead')}</p>
            <LanderCta href={signupHref}>{t('landers:adultonly.cta')}</LanderCta>
            <TrustList keys={['free', 'noSubscription', 'discreet']} className="lander-trust--light" />
          </div>
          <a className="adult-hero__fan" href={signupHref} tabIndex={-1} aria-hidden="true">
            {fan.map((p, i) => (
              <span key={p.id} className={`adult-hero__photo adult-hero__photo--${i + 1}`} data-profile-id={p.id}>
                <LanderPhoto profile={p} priority={i === 0} large={i === 0} sizes="(min-width: 768px) 260px, 45vw" />
                <FictionalTag profile={p} />
              </span>
            ))}
          </a>
        </div>
      </section>
      <section className="container adult-proof">
        <AudienceChip selection={selection} className="lander-chip--dark" />
        <LanderStats selection={selection} className="lander-stats--dark" />
      </section>
      {grid.length > 0 && (
        <section className="container adult-members">
          <h2>{t('landers:adultonly.membersTitle')}</h2>
          <div className="lander-grid">
            {grid.map((p) => <LanderTile key={p.id} profile={p} href={signupHref} />)}
          </div>
          <FictionalNote profiles={selection.profiles.slice(0, 11)} className="lander-note--dark" />
        </section>
      )}
      <section className="container adult-points">
        {POINTS.map((key) => (
          <article key={key} className="adult-point">
            <h3>{t(`landers:adultonly.points.${key}.title`)}</h3>
            <p>{t(`landers:adultonly.points.${key}.body`)}</p>
          </article>
        ))}
      </section>
      <section className="adult-final">
        <div className="container">
          <h2>{t('landers:adultonly.finalTitle')}</h2>
          <LanderCta href={signupHref}>{t('landers:adultonly.cta')}</LanderCta>
          <p className="adult-final__note">{t('landers:common.ctaNote')}</p>
        </div>
      </section>
    </div>
  );
}
