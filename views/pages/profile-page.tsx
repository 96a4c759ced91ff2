// A member's profile (/members/{id}): photos, facts, about text, and the actions a visitor may
// not yet take, each explaining that it needs a login.
import type { ProfileDetail } from '../../types/profiles.js';
import { usePage } from '../render-context.js';

function LoginPrompt({ text, label, next }: { text: string; label: string; next: string }) {
  return (
    <a className="btn btn--primary btn--block" href={`/login?next=${encodeURIComponent(next)}`} title={text}>
      {label}
    </a>
  );
}

export function ProfilePage({ profile }: { profile: ProfileDetail }) {
  const { t, user, settings } = usePage();
  const main = profile.photos.find((p) => !p.locked) ?? profile.photos[0];
  const others = profile.photos.filter((p) => p !== main);
  const place = [...new Set([profile.city, profile.region, t(`countries.${profile.country}`)].filter(Boolean))].join(', ');
  const next = `/members/${profile.id}`;
  return (
    <div className="container section profile">
      <div className="profile__media">
        <div className="profile__main-photo">
          {main ? (
            <img src={main.url} alt={profile.name} width={720} height={960} />
          ) : (
            <div className="card__nophoto card__nophoto--large" aria-hidden="true">{profile.name.slice(0, 1)}</div>
          )}
          {profile.isFictional && <span className="tag tag--fictional">{settings.fictional_singular}</span>}
        </div>
        {others.length > 0 && (
          <ul className="profile__thumbs">
            {others.map((p) => (
              <li key={p.id} className={p.locked ? 'thumb thumb--locked' : 'thumb'}>
                <img src={p.thumbUrl} alt="" width={120} height={160} loading="lazy" />
                {p.locked && (
                  <span className="thumb__lock" aria-hidden="true">
                    <svg viewBox="0 0 24 24" width="22" height="22">
                      <path fill="#fff" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 0 1 6 0v3H9z" />
                    </svg>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {!user && others.some((p) => p.locked) && (
          <a className="profile__more-photos" href={`/login?next=${encodeURIComponent(next)}`}>
            {t('profile.loginToViewPhotos', { name: profile.name })}
          </a>
        )}
      </div>
      <div className="profile__info">
        <h1 className="profile__name">
          {profile.name}, {profile.age}
          {profile.online && <span className="dot dot--online" title={t('profile.online')} />}
        </h1>
        <p className="profile__place">{place}</p>
        {profile.isFictional && <p className="notice notice--fictional">{settings.fictional_warning}</p>}
        <div className="profile__actions">
          {user ? (
            <>
              <a className="btn btn--primary btn--block" href={`/members/${profile.id}/chat`}>{t('profile.chat')}</a>
            </>
          ) : (
            <>
              <LoginPrompt text={t('profile.loginToChat')} label={t('profile.chat')} next={`${next}/chat`} />
              <LoginPrompt text={t('profile.loginToLike', { name: profile.name })} label={`♥ ${t('profile.like')}`} next={next} />
              <p className="profile__hint">{t('profile.loginToLike', { name: profile.name })}</p>
              <a className="btn btn--light btn--block" href={`/members/${profile.id}/signup`} data-signup data-return={next}>
                {t('profile.signupToChat', { name: profile.name })}
              </a>
            </>
          )}
        </div>
        {settings.visible_profile_notes && profile.about && (
          <section className="profile__section">
            <h2>{t('profile.about', { name: profile.name })}</h2>
            <p className="profile__about">{profile.about}</p>
          </section>
        )}
        {profile.attributes.length > 0 && (
          <section className="profile__section">
            <h2>{t('profile.details')}</h2>
            <dl className="facts">
              <dt>{t('attributes.gender.label')}</dt>
              <dd>{t(`attributes.gender.${profile.gender}`)}</dd>
              {profile.attributes.map((a) => (
                <div key={a.key} className="facts__row">
                  <dt>{t(`attributes.${a.key}.label`)}</dt>
                  <dd>{t(`attributes.${a.key}.${a.value.replace(/ /g, '_')}`)}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        {profile.interests.length > 0 && (
          <section className="profile__section">
            <h2>{t('profile.interests')}</h2>
            <ul className="chips">
              {profile.interests.map((slug) => (
                <li key={slug} className="chip">{t(`interests:${slug}`)}</li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
