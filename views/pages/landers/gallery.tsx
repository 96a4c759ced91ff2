// /landers/gallery/{slug?}: a photo gallery of real members. The promise and a row of the most
// recently active (a strip that scrolls sideways on phones), then a masonry wall of portraits with
// name, age and place, and a call to action that stays at the bottom of the screen while the wall
// is in view. With a slug the gallery is that variant's people first.
import type { LanderPageProps, LanderProfile } from '../../../types/lander-pages.js';
import { usePage } from '../../render-context.js';
import { AudienceChip, FictionalNote, FictionalTag, LanderCta, LanderPhoto, LanderStats, TrustList, placeOf, isOnline } from './lander-parts.js';

const FEATURED = 6;
/** Even and a multiple of three, so the two or three columns of the wall end level. */
const WALL = 12;

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M12 20.5s-8-4.9-8-10.9A4.6 4.6 0 0 1 12 6.8a4.6 4.6 0 0 1 8 2.8c0 6-8 10.9-8 10.9z" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round" />
    </svg>
  );
}

/** Name, age and place; with `tagged` the fictional label above them (where a corner is taken). */
function Caption({ profile, tagged = false }: { profile: LanderProfile; tagged?: boolean }) {
  const { t } = usePage();
  return (
    <span className="gallery-caption">
      {tagged && <FictionalTag profile={profile} />}
      <span className="gallery-caption__name">
        {profile.name}, {profile.age}
        {isOnline(profile) && <span className="dot dot--online" title={t('presence.online')}><span className="sr-only">{t('presence.online')}</span></span>}
      </span>
      <span className="gallery-caption__place">{placeOf(t, profile)}</span>
    </span>
  );
}

/** A large portrait of the featured row. */
function FeaturedCard({ profile, href, priority }: { profile: LanderProfile; href: string; priority: boolean }) {
  return (
    <li className="gallery-featured__item">
      <a className="gallery-featured__card" href={href} data-profile-id={profile.id}>
        <LanderPhoto profile={profile} priority={priority} large sizes="(min-width: 992px) 200px, (min-width: 768px) 24vw, 46vw" />
        <FictionalTag profile={profile} />
        <Caption profile={profile} />
      </a>
    </li>
  );
}

/** A portrait of the wall; its shape comes from its place in the wall (see gallery.css). */
function WallTile({ profile, href }: { profile: LanderProfile; href: string }) {
  const { t } = usePage();
  return (
    <a className="gallery-wall__tile" href={href} data-profile-id={profile.id}>
      <LanderPhoto profile={profile} large sizes="(min-width: 1200px) 290px, (min-width: 768px) 32vw, 48vw" />
      <span className="gallery-wall__like" title={t('landers:gallery.likeName', { name: profile.name })}>
        <HeartIcon />
      </span>
      <Caption profile={profile} tagged />
    </a>
  );
}

export function GalleryLander({ selection, signupHref }: LanderPageProps) {
  const { t } = usePage();
  const featured = selection.profiles.slice(0, FEATURED);
  const wall = selection.profiles.slice(FEATURED, FEATURED + WALL);
  const wallEven = wall.slice(0, wall.length - (wall.length % 2));
  return (
    <div className="lander lander--gallery">
      <section className="container gallery-hero">
        <AudienceChip selection={selection} />
        <h1>{t('landers:gallery.headline')}</h1>
        <p className="gallery-hero__lead">{t('landers:gallery.lead')}</p>
      </section>
      {featured.length > 0 && (
        <section className="gallery-featured" aria-labelledby="gallery-featured-title">
          <h2 id="gallery-featured-title" className="container gallery-featured__title">
            <span className="gallery-featured__pulse" aria-hidden="true" />
            {t('landers:gallery.featuredTitle')}
          </h2>
          <ul className="gallery-featured__row">
            {featured.map((p, i) => <FeaturedCard key={p.id} profile={p} href={signupHref} priority={i === 0} />)}
          </ul>
        </section>
      )}
      <section className="container gallery-join">
        <LanderCta href={signupHref}>{t('landers:gallery.cta')}</LanderCta>
        <TrustList keys={['free', 'minute', 'noSubscription']} />
      </section>
      <section className="container gallery-proof">
        <LanderStats selection={selection} />
      </section>
      {wallEven.length > 0 && (
        <section className="container gallery-more" aria-labelledby="gallery-wall-title">
          <header className="gallery-more__head">
            <h2 id="gallery-wall-title">{t('landers:gallery.wallTitle')}</h2>
            <p>{t('landers:gallery.wallLead')}</p>
          </header>
          <div className="gallery-wall">
            {wallEven.map((p) => <WallTile key={p.id} profile={p} href={signupHref} />)}
          </div>
          <FictionalNote profiles={[...featured, ...wallEven]} />
          {/* Stays at the bottom of the screen while the wall is in view. */}
          <div className="gallery-dock">
            <span className="gallery-dock__faces" aria-hidden="true">
              {featured.slice(0, 3).map((p) => <LanderPhoto key={p.id} profile={p} />)}
            </span>
            <span className="gallery-dock__text">{t('landers:gallery.dockText')}</span>
            <a className="gallery-dock__btn" href={signupHref} data-testid="lander-cta">{t('landers:gallery.dockCta')}</a>
          </div>
        </section>
      )}
      <section className="container gallery-final">
        <h2>{t('landers:gallery.finalTitle')}</h2>
        <p>{t('landers:common.ctaNote')}</p>
        <LanderCta href={signupHref}>{t('landers:gallery.cta')}</LanderCta>
      </section>
    </div>
  );
}
