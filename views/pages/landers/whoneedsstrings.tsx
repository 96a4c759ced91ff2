// /landers/whoneedsstrings: casual, no-strings dating in a bright, playful design: a big question
// with a cut string, real profiles as tilted snapshots, three "no"s that are true of the site.
import type { LanderPageProps } from '../../../types/lander-pages.js';
import { usePage } from '../../render-context.js';
import { AudienceChip, FictionalNote, FictionalTag, LanderCta, LanderPhoto, LanderStats, TrustList, placeOf } from './lander-parts.js';

const NOS = ['strings', 'subscription', 'drama'] as const;

/** A string cut in two by scissors: the page's motif, drawn once in SVG. */
function CutString() {
  return (
    <svg className="strings-cut" viewBox="0 0 320 40" width="320" height="40" aria-hidden="true" focusable="false">
      <path d="M2 24c30-14 60 10 90-2s44-10 60-4" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <path d="M184 20c22-8 44 12 70 2s40-8 64 0" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <g transform="translate(158 8) rotate(18)" fill="none" stroke="currentColor" strokeWidth="2.6">
        <circle cx="4" cy="22" r="5" />
        <circle cx="18" cy="22" r="5" />
        <path d="M7 18L19 0M15 18L3 0" strokeLinecap="round" />
      </g>
    </svg>
  );
}

export function WhoNeedsStringsLander({ selection, signupHref }: LanderPageProps) {
  const { t } = usePage();
  const snaps = selection.profiles.slice(0, 8);
  return (
    <div className="lander lander--strings">
      <section className="strings-hero">
        <div className="container strings-hero__inner">
          <AudienceChip selection={selection} className="lander-chip--light" />
          <h1>{t('landers:whoneedsstrings.headline')}</h1>
          <CutString />
          <p className="strings-hero__lead">{t('landers:whoneedsstrings.lead')}</p>
          <LanderCta href={signupHref} tone="dark">{t('landers:whoneedsstrings.cta')}</LanderCta>
          <TrustList keys={['free', 'noSubscription', 'minute']} className="lander-trust--light" />
        </div>
      </section>
      <section className="container strings-snaps">
        <h2>{t('landers:whoneedsstrings.snapsTitle')}</h2>
        <div className="strings-snaps__grid">
          {snaps.map((p, i) => (
            <a key={p.id} className="strings-snap" href={signupHref} data-profile-id={p.id}>
              <span className="strings-snap__photo">
                <LanderPhoto profile={p} priority={i < 2} />
                <FictionalTag profile={p} />
              </span>
              <span className="strings-snap__name">{p.name}, {p.age}</span>
              <span className="strings-snap__place">{placeOf(t, p)}</span>
            </a>
          ))}
        </div>
        <FictionalNote profiles={snaps} />
      </section>
      <section className="container strings-nos">
        {NOS.map((key) => (
          <article key={key} className="strings-no">
            <h3>{t(`landers:whoneedsstrings.nos.${key}.title`)}</h3>
            <p>{t(`landers:whoneedsstrings.nos.${key}.body`)}</p>
          </article>
        ))}
      </section>
      <section className="container strings-final">
        <LanderStats selection={selection} />
        <h2>{t('landers:whoneedsstrings.finalTitle')}</h2>
        <LanderCta href={signupHref}>{t('landers:whoneedsstrings.cta')}</LanderCta>
      </section>
    </div>
  );
}
