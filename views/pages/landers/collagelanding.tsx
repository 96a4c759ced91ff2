// /landers/collagelanding/{slug?}: a wall of real portraits with the promise on a card over it;
// below, three reasons and a last call. Large tiles alternate so the wall never looks like a grid.
import type { LanderPageProps } from '../../../types/lander-pages.js';
import { usePage } from '../../render-context.js';
import { AudienceChip, FictionalNote, FictionalTag, LanderCta, LanderPhoto, LanderStats, TrustList } from './lander-parts.js';

const WALL = 12;
/** Photos above the fold on a phone: loaded at once, the rest when scrolled near. */
const EAGER = 6;
const REASONS = ['real', 'free', 'safe'] as const;
/** The tiles that span two columns and rows (collagelanding.css) get the full picture where needed. */
const LARGE_TILES = [0, 7];

export function CollageLander({ selection, signupHref }: LanderPageProps) {
  const { t } = usePage();
  const wall = selection.profiles.slice(0, WALL);
  return (
    <div className="lander lander--collage">
      <section className="collage-hero">
        <a className="collage-wall" href={signupHref} tabIndex={-1} aria-hidden="true">
          {wall.map((p, i) => (
            <span key={p.id} className="collage-wall__tile" data-profile-id={p.id}>
              <LanderPhoto profile={p} priority={i < EAGER} large={LARGE_TILES.includes(i)} sizes="(min-width: 768px) 34vw, 67vw" />
              <FictionalTag profile={p} />
            </span>
          ))}
        </a>
        <div className="container collage-card-wrap">
          <div className="collage-card">
            <AudienceChip selection={selection} />
            <h1>{t('landers:collagelanding.headline')}</h1>
            <p className="collage-card__lead">{t('landers:collagelanding.lead')}</p>
            <LanderCta href={signupHref}>{t('landers:collagelanding.cta')}</LanderCta>
            <TrustList keys={['free', 'minute', 'noSubscription']} />
          </div>
        </div>
      </section>
      <section className="container collage-proof">
        <LanderStats selection={selection} />
        <FictionalNote profiles={wall} />
      </section>
      <section className="container collage-reasons">
        {REASONS.map((key) => (
          <article key={key} className="collage-reason">
            <h3>{t(`landers:collagelanding.reasons.${key}.title`)}</h3>
            <p>{t(`landers:collagelanding.reasons.${key}.body`)}</p>
          </article>
        ))}
      </section>
      <section className="container collage-final">
        <h2>{t('landers:collagelanding.finalTitle')}</h2>
        <LanderCta href={signupHref}>{t('landers:collagelanding.cta')}</LanderCta>
      </section>
    </div>
  );
}
