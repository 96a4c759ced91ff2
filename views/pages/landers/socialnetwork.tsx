// /landers/socialnetwork/{slug?}: a social feed. The feed's members as stories, the promise
// as the first card, a composer, then members' cards as posts: their photo, their city, when they
// were last active and the start of what they wrote about themselves (said to be from their
// profile: these are not posts). Like, message and profile lead to the signup; no invented counts, and
// nothing the site does not have (no comments: the composer's button is the signup).
import type { LanderPageProps, LanderProfile } from '../../../types/lander-pages.js';
import { usePage } from '../../render-context.js';
import { LanderIcon } from './lander-icons.js';
import { AudienceChip, FictionalNote, FictionalTag, LanderCta, LanderPhoto, LanderStats, TrustList, activeLabel, placeOf, isOnline } from './lander-parts.js';

const POSTS = 6;
/** A join card after this many posts. */
const JOIN_EVERY = 3;

/** Posts with something to read first, each profile once; the most recently active lead within each. */
function postsOf(profiles: LanderProfile[]): LanderProfile[] {
  return [...profiles.filter((p) => p.teaser), ...profiles.filter((p) => !p.teaser)].slice(0, POSTS);
}

function Stories({ profiles, href }: { profiles: LanderProfile[]; href: string }) {
  const { t } = usePage();
  return (
    <nav className="social-stories" aria-label={t('landers:socialnetwork.storiesLabel')}>
      <ul>
        <li>
          <a className="social-story social-story--you" href={href}>
            <span className="social-story__ring">
              <span className="social-story__plus"><LanderIcon name="plus" size={24} /></span>
            </span>
            <span className="social-story__name">{t('landers:socialnetwork.you')}</span>
          </a>
        </li>
        {profiles.map((p, i) => (
          <li key={p.id}>
            <a className={isOnline(p) ? 'social-story is-online' : 'social-story'} href={href} data-profile-id={p.id}>
              <span className="social-story__ring">
                <LanderPhoto profile={p} priority={i === 0} />
              </span>
              <span className="social-story__name">{p.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Post({ profile, href }: { profile: LanderProfile; href: string }) {
  const { t } = usePage();
  return (
    <article className="social-post" data-profile-id={profile.id}>
      <header className="social-post__head">
        <a className="social-post__avatar" href={href} tabIndex={-1} aria-hidden="true">
          <LanderPhoto profile={profile} />
        </a>
        <div className="social-post__who">
          <a className="social-post__name" href={href}>
            {profile.name}, {profile.age}
          </a>
          <FictionalTag profile={profile} />
          <span className="social-post__meta">
            {placeOf(t, profile)} · <span className={isOnline(profile) ? 'is-online' : undefined}>{activeLabel(t, profile)}</span>
          </span>
        </div>
      </header>
      {profile.teaser && (
        <div className="social-post__text">
          <span className="social-post__source">{t('landers:socialnetwork.aboutLabel', { name: profile.name })}</span>
          <p>{profile.teaser}</p>
        </div>
      )}
      <a className="social-post__photo" href={href} tabIndex={-1}>
        <LanderPhoto profile={profile} large sizes="(min-width: 992px) 560px, 100vw" />
        {!profile.teaser && <span className="sr-only">{t('landers:socialnetwork.photoLabel', { name: profile.name })}</span>}
      </a>
      <footer className="social-post__actions">
        <a href={href}><LanderIcon name="heart" size={20} className="social-post__like" />{t('landers:socialnetwork.like')}</a>
        <a href={href}><LanderIcon name="chat" size={20} />{t('landers:socialnetwork.message')}</a>
        <a href={href}><LanderIcon name="user" size={20} />{t('landers:socialnetwork.profile')}</a>
      </footer>
    </article>
  );
}

function JoinCard({ href, className = '' }: { href: string; className?: string }) {
  const { t } = usePage();
  return (
    <aside className={`social-card social-join ${className}`.trim()}>
      <h2>{t('landers:socialnetwork.joinTitle')}</h2>
      <p>{t('landers:socialnetwork.joinBody')}</p>
      <LanderCta href={href}>{t('landers:socialnetwork.cta')}</LanderCta>
    </aside>
  );
}

export function SocialNetworkLander({ selection, signupHref }: LanderPageProps) {
  const { t } = usePage();
  const posts = postsOf(selection.profiles);
  // The stories are the posts' authors, most recently active first: each face has its post, with its label.
  const stories = selection.profiles.filter((p) => posts.includes(p));
  return (
    <div className="lander lander--social">
      <Stories profiles={stories} href={signupHref} />
      <div className="container social-layout">
        <div className="social-feed">
          <section className="social-card social-hero">
            <AudienceChip selection={selection} />
            <h1>{t('landers:socialnetwork.headline')}</h1>
            <p className="social-hero__lead">{t('landers:socialnetwork.lead')}</p>
            <LanderCta href={signupHref}>{t('landers:socialnetwork.cta')}</LanderCta>
            <TrustList keys={['free', 'minute', 'noSubscription']} />
          </section>
          <a className="social-card social-composer" href={signupHref}>
            <span className="social-composer__you" aria-hidden="true"><LanderIcon name="plus" size={20} /></span>
            <span className="social-composer__field">{t('landers:socialnetwork.composer')}</span>
            <span className="social-composer__post">{t('landers:socialnetwork.composerPost')}</span>
          </a>
          <h2 className="social-feed__title">{t('landers:socialnetwork.feedTitle')}</h2>
          {posts.map((p, i) => (
            <div key={p.id} className="social-feed__item">
              <Post profile={p} href={signupHref} />
              {(i + 1) % JOIN_EVERY === 0 && i + 1 < posts.length && <JoinCard href={signupHref} className="social-join--inline" />}
            </div>
          ))}
          <FictionalNote profiles={posts} />
        </div>
        <aside className="social-side">
          <div className="social-card social-side__stats">
            <h2>{t('landers:socialnetwork.statsTitle')}</h2>
            <LanderStats selection={selection} />
          </div>
          <JoinCard href={signupHref} className="social-join--side" />
        </aside>
      </div>
      <section className="container social-final">
        <h2>{t('landers:socialnetwork.finalTitle')}</h2>
        <p>{t('landers:common.ctaNote')}</p>
        <LanderCta href={signupHref}>{t('landers:socialnetwork.cta')}</LanderCta>
      </section>
    </div>
  );
}
