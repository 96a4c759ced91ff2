// The landing page for visitors: a clear promise, a way in, and real members from the database.
import type { ProfileCard as Card } from '../../types/profiles.js';
import { ProfileGrid } from '../components/profile-card.js';
import { usePage } from '../render-context.js';

export function IndexPage({ profiles, memberCount }: { profiles: Card[]; memberCount: string }) {
  const { t, settings, site } = usePage();
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <h1>{settings.index_title}</h1>
            <p className="hero__lead">{settings.description}</p>
            <div className="hero__cta">
              <a className="btn btn--primary btn--lg" href="/signup">{t('pages:index.signupCta')}</a>
              <a className="btn btn--light btn--lg" href="/members">{t('pages:index.browseCta')}</a>
            </div>
            <p className="hero__note">{t('pages:index.freeNote', { count: memberCount })}</p>
          </div>
          <div className="hero__collage" aria-hidden="true">
            {profiles.slice(0, 3).map((p) => p.photo && <img key={p.id} src={p.photo.thumbUrl} alt="" width={240} height={320} />)}
          </div>
        </div>
      </section>
      <section className="container section">
        <div className="section__head">
          <h2>{t('pages:index.newMembers')}</h2>
          <a href="/members" className="link-more">{t('pages:index.seeAll')}</a>
        </div>
        <ProfileGrid profiles={profiles} />
      </section>
      <section className="container section features">
        {(['chat', 'premium', 'privacy'] as const).map((key) => (
          <article key={key} className="feature">
            <h3>{t(`pages:index.features.${key}.title`)}</h3>
            <p>{t(`pages:index.features.${key}.body`, { siteName: site.name })}</p>
          </article>
        ))}
      </section>
    </>
  );
}
