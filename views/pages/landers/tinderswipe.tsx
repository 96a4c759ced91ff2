// /landers/tinderswipe: a swipe deck made with CSS only. Stacked real profiles, the top one
// leaning left and right in turn (a hint of the swipe, still for reduced motion), pass and like
// buttons that lead to the signup, then how it works and more people.
import type { LanderPageProps, LanderProfile } from '../../../types/lander-pages.js';
import { usePage } from '../../render-context.js';
import { AudienceChip, FictionalNote, FictionalTag, LanderCta, LanderPhoto, LanderStats, LanderTile, TrustList, placeOf, isOnline } from './lander-parts.js';

const DECK = 4;
const STEPS = ['swipe', 'match', 'chat'] as const;

function DeckCard({ profile, depth, href }: { profile: LanderProfile; depth: number; href: string }) {
  const { t } = usePage();
  const top = depth === 0;
  return (
    <a className={`swipe-card swipe-card--${depth}`} href={href} tabIndex={top ? 0 : -1} aria-hidden={top ? undefined : true} data-profile-id={profile.id}>
      <LanderPhoto profile={profile} priority={top} large={top} sizes="(min-width: 768px) 360px, 88vw" className="swipe-card__photo" />
      <FictionalTag profile={profile} />
      {top && (
        <>
          <span className="swipe-card__stamp swipe-card__stamp--like" aria-hidden="true">{t('landers:tinderswipe.stampLike')}</span>
          <span className="swipe-card__stamp swipe-card__stamp--nope" aria-hidden="true">{t('landers:tinderswipe.stampNope')}</span>
        </>
      )}
      <span className="swipe-card__info">
        <span className="swipe-card__name">
          {profile.name}, {profile.age}
          {isOnline(profile) && <span className="dot dot--online" title={t('presence.online')} />}
        </span>
        <span className="swipe-card__place">{placeOf(t, profile)}</span>
        {top && profile.teaser && <span className="swipe-card__teaser">{profile.teaser}</span>}
      </span>
    </a>
  );
}

export function TinderSwipeLander({ selection, signupHref }: LanderPageProps) {
  const { t } = usePage();
  const deck = selection.profiles.slice(0, DECK);
  const more = selection.profiles.slice(DECK, DECK + 8);
  return (
    <div className="lander lander--swipe">
      <section className="container swipe-hero">
        <AudienceChip selection={selection} />
        <h1>{t('landers:tinderswipe.headline')}</h1>
        <p className="swipe-hero__lead">{t('landers:tinderswipe.lead')}</p>
      </section>
      <section className="swipe-play" aria-label={t('landers:tinderswipe.deckLabel')}>
        <div className="swipe-deck">
          {/* The top card last, so it paints over the others. */}
          {deck.map((p, i) => ({ p, i })).reverse().map(({ p, i }) => <DeckCard key={p.id} profile={p} depth={i} href={signupHref} />)}
        </div>
        <div className="swipe-actions">
          <a className="swipe-btn swipe-btn--nope" href={signupHref}>
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
            </svg>
            <span className="sr-only">{t('landers:tinderswipe.nope')}</span>
          </a>
          <a className="swipe-btn swipe-btn--like" href={signupHref}>
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
              <path d="M12 20.5s-8-4.9-8-10.9A4.6 4.6 0 0 1 12 6.8a4.6 4.6 0 0 1 8 2.8c0 6-8 10.9-8 10.9z" fill="currentColor" />
            </svg>
            <span className="sr-only">{t('landers:tinderswipe.like')}</span>
          </a>
        </div>
        <p className="swipe-play__hint">{t('landers:tinderswipe.hint')}</p>
      </section>
      <section className="container swipe-join">
        <LanderCta href={signupHref}>{t('landers:tinderswipe.cta')}</LanderCta>
        <TrustList keys={['free', 'minute', 'noSubscription']} />
        <LanderStats selection={selection} />
      </section>
      <section className="container swipe-steps">
        <h2>{t('landers:tinderswipe.stepsTitle')}</h2>
        <ol>
          {STEPS.map((key, i) => (
            <li key={key}>
              <span className="swipe-steps__n" aria-hidden="true">{i + 1}</span>
              <span>
                <strong>{t(`landers:tinderswipe.steps.${key}.title`)}</strong>
                {t(`landers:tinderswipe.steps.${key}.body`)}
              </span>
            </li>
          ))}
        </ol>
      </section>
      {more.length > 0 && (
        <section className="container swipe-more">
          <h2>{t('landers:tinderswipe.moreTitle')}</h2>
          <div className="lander-grid">
            {more.map((p) => <LanderTile key={p.id} profile={p} href={signupHref} />)}
          </div>
        </section>
      )}
      <section className="container swipe-foot">
        <FictionalNote profiles={[...deck, ...more]} />
        <LanderCta href={signupHref}>{t('landers:tinderswipe.cta')}</LanderCta>
      </section>
    </div>
  );
}
