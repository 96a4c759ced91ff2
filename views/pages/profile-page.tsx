// A member's profile (/members/{id}): photos, facts, about text, and the actions a visitor may
// not yet take, each explaining that it needs a login.
import PhotoGallery from '../../islands/photo-gallery.island.js';
import LikeButton from '../../islands/like-button.island.js';
import MatchModalIsland from '../../islands/match-modal.island.js';
import type { MatchModalProps } from '../../types/likes.js';
import type { ProfileDetail } from '../../types/profiles.js';
import { Island } from '../components/island.js';
import { usePage } from '../render-context.js';

function LoginPrompt({ text, label, next }: { text: string; label: string; next: string }) {
  return (
    <a className="btn btn--primary btn--block" href={`/login?next=${encodeURIComponent(next)}`} title={text}>
      {label}
    </a>
  );
}

function HiddenFormField() {
  const { csrfToken } = usePage();
  return <input type="hidden" name="_csrf" value={csrfToken} />;
}

/** Block, or the note that the viewer blocked this profile with the way back. */
function BlockControl({ profile }: { profile: ProfileDetail }) {
  const { t } = usePage();
  if (profile.relation?.blockedByMe) {
    return (
      <div className="notice notice--blocked" data-testid="blocked-by-me">
        <p>{t('profile.youBlocked', { name: profile.name })}</p>
        <form method="post" action={`/members/${profile.id}/unblock`}>
          <HiddenFormField />
          <button type="submit" className="btn btn--light btn--sm">{t('profile.unblock')}</button>
        </form>
      </div>
    );
  }
  return (
    <details className="profile__more">
      <summary>{t('profile.moreActions')}</summary>
      <form method="post" action={`/members/${profile.id}/block`} className="profile__block">
        <HiddenFormField />
        <p>{t('profile.blockExplain', { name: profile.name })}</p>
        <button type="submit" className="btn btn--danger btn--sm" data-testid="block-button">{t('profile.block', { name: profile.name })}</button>
      </form>
    </details>
  );
}

export interface ProfilePageProps {
  profile: ProfileDetail;
  notice?: string;
  matchModal?: MatchModalProps;
}

export function ProfilePage({ profile, notice, matchModal }: ProfilePageProps) {
  const { t, user, settings } = usePage();
  const place = [...new Set([profile.city, profile.region, t(`countries.${profile.country}`)].filter(Boolean))].join(', ');
  const next = `/members/${profile.id}`;
  return (
    <div className="container section profile">
      <div className="profile__media">
        {profile.relation?.blockedByMe ? (
          <div className="card__nophoto card__nophoto--large" aria-hidden="true">{profile.name.slice(0, 1)}</div>
        ) : (
          <Island
            name="photo-gallery"
            section="gallery"
            component={PhotoGallery}
            hydrate="visible"
            props={{ profileId: profile.id, name: profile.name, photos: profile.photos, viewer: profile.galleryViewer, fictionalLabel: profile.isFictional ? settings.fictional_singular : null }}
          />
        )}
      </div>
      <div className="profile__info">
        <h1 className="profile__name">
          {profile.name}, {profile.age}
          {profile.online && <span className="dot dot--online" title={t('profile.online')} />}
        </h1>
        <p className="profile__place">{place}</p>
        {profile.isFictional && <p className="notice notice--fictional">{settings.fictional_warning}</p>}
        {notice && <p className="notice notice--success" role="status">{notice}</p>}
        <div className="profile__actions">
          {user && profile.relation?.blockedByMe ? null : user ? (
            <>
              <a className="btn btn--primary btn--block" href={`/members/${profile.id}/chat`}>{t('profile.chat')}</a>
              {profile.relation && (
                <Island
                  name="like-button"
                  component={LikeButton}
                  section="likes"
                  props={{
                    profile: { id: profile.id, name: profile.name, photoUrl: profile.photo?.thumbUrl ?? null },
                    liked: profile.relation.liked,
                    own: { name: user.profile.name, photoUrl: user.profile.main_image?.match ?? null },
                  }}
                />
              )}
              {profile.relation?.match && <p className="profile__hint profile__hint--match">{t('profile.isMatch', { name: profile.name })}</p>}
              {!profile.relation?.match && profile.relation?.likedBy && <p className="profile__hint">{t('profile.likesYou', { name: profile.name })}</p>}
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
        {user && profile.relation && <BlockControl profile={profile} />}
        {matchModal && <Island name="match-modal" component={MatchModalIsland} section="likes" props={matchModal} />}
        {settings.visible_profile_notes && profile.about && !profile.relation?.blockedByMe && (
          <section className="profile__section">
            <h2>{t('profile.about', { name: profile.name })}</h2>
            <p className="profile__about">{profile.about}</p>
          </section>
        )}
        {profile.attributes.length > 0 && !profile.relation?.blockedByMe && (
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
        {profile.interests.length > 0 && !profile.relation?.blockedByMe && (
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
